import type { FieldMetadata } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { damageKinds, damagePositions, damageReportRules } from '~/config/damage-reports';
import { useLocale, useT } from '~/i18n/hooks';
import { formatBytes } from '~/i18n/intl-formats';
import { AppLink } from '~/ui/components/app-link';
import { PageTitle } from '~/ui/components/page-header';
import { AddressChoices, AddressField } from '~/ui/form/address-field';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { translateMessage } from '~/ui/form/field-shell';
import { useFieldState } from '~/ui/form/field-state';
import { DateField, MaskedField, SelectField, TextareaField, TextField } from '~/ui/form/inputs';
import { PhoneField } from '~/ui/form/phone-field';
import { PositionControl, initialPosition, type ReportPosition } from '~/ui/form/position-control';
import type { DamageActionData, DamagePageData } from './damage-types';

interface DamagePageProps {
  loaderData: DamagePageData;
  actionData?: DamageActionData;
}

/**
 * Report vehicle damage (docs/rules/reports.md#vehicle-damage-reports): the form, or after a report its
 * confirmation with the reference. Works without JavaScript: the photos travel in the form's own
 * multipart body and the server judges them.
 */
export function ReportDamagePage({ loaderData, actionData }: DamagePageProps) {
  if (loaderData.confirmation) return <DamageConfirmation reference={loaderData.confirmation.reference} />;
  return <DamageForm loaderData={loaderData} actionData={actionData} />;
}

function DamageForm({ loaderData, actionData }: DamagePageProps) {
  const t = useT();
  const { csrf, mode, loggedIn, defaults } = loaderData;
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('./damage-schema').then((module) => module.damageReportSchema({ loggedIn })),
    {
      lastResult: actionData?.result,
      defaultValue: {
        seenDate: defaults.seenDate,
        seenTime: defaults.seenTime,
        email: defaults.email,
        phone: defaults.phone ?? { regionCode: 'DE' },
      },
    },
  );
  const [addressKey, setAddressKey] = useState(0);
  const [position, setPosition] = useState<ReportPosition | null>(() => initialPosition(fields.position.getFieldset()));
  const locationHintId = `${form.id}-location-hint`;
  const choose = { value: '', label: t('damage-report.choose') };

  return (
    <div className="narrow report">
      <PageTitle page={mode === 'webview' ? 'reportDamageWebView' : 'reportDamage'}>
        <p>{t('damage-report.intro')}</p>
      </PageTitle>
      <AppForm form={form} csrfToken={csrf} validation={validation} honeypot encType="multipart/form-data">
        <fieldset>
          <legend>{t('damage-report.vehicle.legend')}</legend>
          <TextField
            field={fields.licencePlate}
            label={t('damage-report.plate')}
            hint={t('damage-report.plate.hint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
          />
          <SelectField
            field={fields.damageKind}
            label={t('damage-report.damage-kind')}
            options={[choose, ...damageKinds.map((kind) => ({ value: kind, label: t(`damage-report.kind.${kind}`) }))]}
            required
          />
          <SelectField
            field={fields.damagePosition}
            label={t('damage-report.damage-position')}
            options={[
              choose,
              ...damagePositions.map((position) => ({
                value: position,
                label: t(`damage-report.position-on-vehicle.${position}`),
              })),
            ]}
            required
          />
          <TextareaField
            field={fields.description}
            label={t('damage-report.description')}
            hint={t('damage-report.description.hint', { max: damageReportRules.descriptionMaxLength })}
            maxLength={damageReportRules.descriptionMaxLength}
          />
          <PhotoField field={fields.photos} />
        </fieldset>

        <fieldset>
          <legend>{t('damage-report.when.legend')}</legend>
          <div className="field-row">
            <DateField field={fields.seenDate} label={t('damage-report.seen-date')} autoComplete="off" required />
            <MaskedField
              field={fields.seenTime}
              label={t('damage-report.seen-time')}
              hint={t('damage-report.seen-time.hint')}
              mask="99:99"
              inputMode="numeric"
              autoComplete="off"
              placeholder="HH:MM"
              required
            />
          </div>
        </fieldset>

        <fieldset aria-describedby={`${locationHintId} ${fields.location.errorId}`}>
          <legend>
            {t('damage-report.location.legend')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <p className="field__hint" id={locationHintId}>
            {t('damage-report.location.hint')}
          </p>
          <div onInput={() => setPosition(null)}>
            <AddressField
              key={addressKey}
              field={fields.address}
              label={t('damage-report.address.label')}
              hint={null}
            />
          </div>
          <AddressChoices choices={actionData?.addressChoices ?? []} />
          <PositionControl
            field={fields.position}
            position={position}
            enabled
            onPosition={(next) => {
              setPosition(next);
              if (next) {
                form.update({ name: fields.address.name, value: { text: '', lat: '', lon: '', id: '' } });
                setAddressKey((key) => key + 1);
              }
            }}
          />
          <FieldMessage field={fields.location} />
        </fieldset>

        <fieldset>
          <legend>{t('damage-report.contact.legend')}</legend>
          <TextField
            field={fields.email}
            type="email"
            label={t('field.email')}
            hint={t(loggedIn ? 'damage-report.email.hint.customer' : 'damage-report.email.hint.anonymous')}
            autoComplete="email"
            required={!loggedIn}
          />
          <PhoneField
            field={fields.phone}
            label={t('damage-report.phone.label')}
            hint={t('damage-report.phone.hint')}
          />
        </fieldset>

        <button type="submit" className="button">
          {t('damage-report.submit')}
        </button>
      </AppForm>
    </div>
  );
}

interface ChosenFile {
  name: string;
  size: number;
}

/**
 * The photos: a native file input that works without JavaScript. With JavaScript the chosen files are
 * listed with their sizes, and too many or too large ones are named before sending; the server judges
 * them all the same, by their bytes.
 */
function PhotoField({ field }: { field: FieldMetadata<unknown> }) {
  const t = useT();
  const locale = useLocale();
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const state = useFieldState({ errors: field.errors, dirty: false, value: '' });
  const { maxCount, maxBytes } = damageReportRules.photos;
  const serverMessages = state.showError ? (field.errors ?? []) : [];
  const browserMessages = [
    ...(chosen.length > maxCount ? [`damage-report.photos.too-many?max=${maxCount}`] : []),
    ...chosen
      .filter((file) => file.size > maxBytes)
      .map(
        (file) =>
          `damage-report.photos.too-large?${new URLSearchParams({ name: file.name, max: String(maxBytes / 1048576) })}`,
      ),
  ];
  const messages = browserMessages.length > 0 ? browserMessages : serverMessages;
  const hintId = `${field.id}-hint`;
  const listId = `${field.id}-chosen`;
  return (
    <div className="field" {...state.attributes}>
      <label className="field__label" htmlFor={field.id}>
        {t('damage-report.photos')}
      </label>
      <input
        id={field.id}
        name={field.name}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        className="field__input field__input--file"
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={`${hintId} ${listId} ${field.errorId}`}
        onChange={(event) =>
          setChosen([...(event.currentTarget.files ?? [])].map((file) => ({ name: file.name, size: file.size })))
        }
      />
      <p className="field__hint" id={hintId}>
        {t('damage-report.photos.hint', { max: maxCount, megabytes: maxBytes / 1048576 })}
      </p>
      <ul className="file-list" id={listId} aria-live="polite">
        {chosen.map((file, i) => (
          <li key={`${file.name}-${i}`}>
            {file.name} ({formatBytes(file.size, locale)})
          </li>
        ))}
      </ul>
      <div className="field__error" id={field.errorId} aria-live="polite">
        {messages.map((message) => (
          <p key={message}>{translateMessage(t, message)}</p>
        ))}
      </div>
    </div>
  );
}

function FieldMessage({ field }: { field: FieldMetadata<unknown> }) {
  const t = useT();
  const state = useFieldState({ errors: field.errors, dirty: false, value: '' });
  const message = state.showError ? field.errors?.[0] : undefined;
  return (
    <p className="field__error" id={field.errorId} aria-live="polite">
      {message ? translateMessage(t, message) : null}
    </p>
  );
}

function DamageConfirmation({ reference }: { reference: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="narrow report">
      <div className="page-title">
        <h1 ref={heading} tabIndex={-1}>
          {t('damage-report.done.title')}
        </h1>
      </div>
      <p className="report-reference">
        {t('damage-report.done.reference')}: <strong>{reference}</strong>
      </p>
      <p>{t('damage-report.done.mail')}</p>
      <AppLink className="button button--secondary" to={pathname}>
        {t('damage-report.done.again')}
      </AppLink>
    </div>
  );
}
