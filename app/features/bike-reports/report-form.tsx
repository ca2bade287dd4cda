import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { bikeReportRules } from '~/config/bike-reports';
import { useT } from '~/i18n/hooks';
import { AppLink } from '~/ui/components/app-link';
import { PageTitle } from '~/ui/components/page-header';
import { AddressChoices, AddressField } from '~/ui/form/address-field';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { translateMessage } from '~/ui/form/field-shell';
import { useFieldState } from '~/ui/form/field-state';
import { DateField, MaskedField, TextareaField, TextField } from '~/ui/form/inputs';
import { PhoneField } from '~/ui/form/phone-field';
import { PositionControl, initialPosition, type ReportPosition } from '~/ui/form/position-control';
import { kindNeedsLogin, reportKinds, type ReportKind } from './report-kinds';
import type { ReportActionData, ReportPageData } from './report-types';
import { terminalHome } from './terminal-paths';

interface ReportBikePageProps {
  loaderData: ReportPageData;
  actionData?: ReportActionData;
}

/**
 * Report a bike (docs/rules/bike-reports.md): the form, or after a report its confirmation with the
 * reference. One component for the site, the apps' web view and the station terminal; the route decides the
 * mode and the layout around it.
 */
export function ReportBikePage({ loaderData, actionData }: ReportBikePageProps) {
  if (loaderData.confirmation) {
    return <ReportConfirmation reference={loaderData.confirmation.reference} mode={loaderData.mode} />;
  }
  return <ReportForm loaderData={loaderData} actionData={actionData} />;
}

function ReportForm({ loaderData, actionData }: ReportBikePageProps) {
  const t = useT();
  const { csrf, mode, loggedIn, loginHref, defaults } = loaderData;
  const terminal = mode === 'terminal';
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('./report-schema').then((module) => module.bikeReportSchema({ loggedIn })),
    {
      lastResult: actionData?.result,
      defaultValue: {
        kind: defaults.kind,
        seenDate: defaults.seenDate,
        seenTime: defaults.seenTime,
        email: defaults.email,
        phone: defaults.phone ?? { regionCode: 'DE' },
      },
    },
  );

  // The address field keeps its own state; a new key makes it start again from the form's value.
  const [addressKey, setAddressKey] = useState(0);
  const [position, setPosition] = useState<ReportPosition | null>(() => initialPosition(fields.position.getFieldset()));

  const kinds = reportKinds.filter((kind) => !(terminal && kindNeedsLogin(kind)));
  const locationHintId = `${form.id}-location-hint`;

  return (
    <div className={terminal ? 'report report--terminal' : 'narrow report'}>
      <PageTitle page={mode === 'webview' ? 'reportBikeWebView' : 'reportBike'}>
        <p>{t('bike-report.intro')}</p>
      </PageTitle>
      <AppForm form={form} csrfToken={csrf} validation={validation} honeypot>
        <KindField field={fields.kind} kinds={kinds} loginHref={loginHref} loggedIn={loggedIn} terminal={terminal} />

        <fieldset>
          <legend>{t('bike-report.details.legend')}</legend>
          <MaskedField
            field={fields.bikeNumber}
            label={t('bike-report.bike-number')}
            hint={t('bike-report.bike-number.hint')}
            mask={'9'.repeat(bikeReportRules.bikeNumberDigits.max)}
            inputMode="numeric"
            autoComplete="off"
            required
          />
          <div className="field-row">
            <DateField field={fields.seenDate} label={t('bike-report.seen-date')} autoComplete="off" required />
            <MaskedField
              field={fields.seenTime}
              label={t('bike-report.seen-time')}
              hint={t('bike-report.seen-time.hint')}
              mask="99:99"
              inputMode="numeric"
              autoComplete="off"
              placeholder="HH:MM"
              required
            />
          </div>
          <TextareaField
            field={fields.description}
            label={t('bike-report.description')}
            hint={t('bike-report.description.hint', { max: bikeReportRules.descriptionMaxLength })}
            maxLength={bikeReportRules.descriptionMaxLength}
          />
        </fieldset>

        <fieldset aria-describedby={`${locationHintId} ${fields.location.errorId}`}>
          <legend>
            {t('bike-report.location.legend')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <p className="field__hint" id={locationHintId}>
            {t(terminal ? 'bike-report.location.hint.terminal' : 'bike-report.location.hint')}
          </p>
          {/* Typing an address means the address, not the position taken before. */}
          <div onInput={() => setPosition(null)}>
            <AddressField key={addressKey} field={fields.address} label={t('bike-report.address.label')} hint={null} />
          </div>
          <AddressChoices choices={actionData?.addressChoices ?? []} />
          <PositionControl
            field={fields.position}
            position={position}
            enabled={!terminal}
            onPosition={(next) => {
              setPosition(next);
              if (next) {
                // The position replaces an address typed or picked before.
                form.update({ name: fields.address.name, value: { text: '', lat: '', lon: '', id: '' } });
                setAddressKey((key) => key + 1);
              }
            }}
          />
          <LocationMessage field={fields.location} />
        </fieldset>

        <fieldset>
          <legend>{t('bike-report.contact.legend')}</legend>
          <TextField
            field={fields.email}
            type="email"
            label={t('field.email')}
            hint={t(loggedIn ? 'bike-report.email.hint.customer' : 'bike-report.email.hint.anonymous')}
            autoComplete={terminal ? 'off' : 'email'}
            required={!loggedIn}
          />
          <PhoneField field={fields.phone} label={t('bike-report.phone.label')} hint={t('bike-report.phone.hint')} />
        </fieldset>

        <button type="submit" className="button">
          {t('bike-report.submit')}
        </button>
      </AppForm>
    </div>
  );
}

interface KindFieldProps {
  field: FieldMetadata<string | undefined>;
  kinds: readonly ReportKind[];
  loginHref: string | null;
  loggedIn: boolean;
  terminal: boolean;
}

/** The kind of report as radio buttons in a fieldset; its legend is the question. */
function KindField({ field, kinds, loginHref, loggedIn, terminal }: KindFieldProps) {
  const t = useT();
  const state = useFieldState({ errors: field.errors, dirty: field.dirty, value: field.value ?? '', kind: 'checkbox' });
  const message = state.showError ? field.errors?.[0] : undefined;
  return (
    <fieldset className="choice-group" {...state.attributes}>
      <legend>
        {t('bike-report.kind.legend')}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {kinds.map((kind) => {
        const id = `${field.id}-${kind}`;
        return (
          <div key={kind} className="choice">
            <input
              {...getInputProps(field, { type: 'radio', value: kind, ariaAttributes: false })}
              id={id}
              className="choice__input"
              required
              aria-invalid={state.showError || undefined}
              aria-describedby={`${id}-hint ${field.errorId}`}
              onBlur={state.onBlur}
            />
            <label htmlFor={id} className="choice__label">
              {t(`bike-report.kind.${kind}`)}
            </label>
            <p className="field__hint choice__hint" id={`${id}-hint`}>
              {t(`bike-report.kind.${kind}.hint`)}
              {kindNeedsLogin(kind) && !loggedIn && loginHref ? (
                <>
                  {' '}
                  <AppLink to={loginHref}>{t('bike-report.kind.lost.login')}</AppLink>
                </>
              ) : null}
            </p>
          </div>
        );
      })}
      {terminal ? <p className="field__hint">{t('bike-report.kind.lost.terminal')}</p> : null}
      <p className="field__error" id={field.errorId} aria-live="polite">
        {message ? translateMessage(t, message) : null}
      </p>
    </fieldset>
  );
}

/** Messages about the location as a whole ("tell us where"), shown below its fieldset's controls. */
function LocationMessage({ field }: { field: FieldMetadata<unknown> }) {
  const t = useT();
  const state = useFieldState({ errors: field.errors, dirty: false, value: '' });
  const message = state.showError ? field.errors?.[0] : undefined;
  return (
    <p className="field__error" id={field.errorId} aria-live="polite">
      {message ? translateMessage(t, message) : null}
    </p>
  );
}

function ReportConfirmation({ reference, mode }: { reference: string; mode: ReportPageData['mode'] }) {
  const t = useT();
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // After the redirect, screen readers start at the outcome, not at the top of the document.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={mode === 'terminal' ? 'report report--terminal' : 'narrow report'}>
      <div className="page-title">
        <h1 ref={heading} tabIndex={-1}>
          {t('bike-report.done.title')}
        </h1>
      </div>
      <p className="report-reference">
        {t('bike-report.done.reference')}: <strong>{reference}</strong>
      </p>
      <p>{t('bike-report.done.mail')}</p>
      {mode === 'terminal' ? (
        <AppLink className="button" to={terminalHome} replace>
          {t('terminal.done')}
        </AppLink>
      ) : (
        <AppLink className="button button--secondary" to={pathname}>
          {t('bike-report.done.again')}
        </AppLink>
      )}
    </div>
  );
}
