import { data, redirect } from 'react-router';
import { pageContext, requestContext, servicesContext, sessionContext, type PageHandlerArgs } from '~/context';
import { defaultLocale } from '~/i18n/locales';
import { verifyAddressField } from '~/shared/geocoding/address-verification.server';
import { carriedParams, withCarriedQuery } from '~/shared/navigation/carry-query';
import { confirmationQuery, verifiedReference } from '~/shared/reports/confirmation-link.server';
import { reportPrefill } from '~/shared/reports/file-report.server';
import { berlinFormFields } from '~/shared/reports/seen-at';
import { honeypotFieldName } from '~/shared/security/form-fields';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedFiles, submittedForm } from '~/shared/security/submitted-form.server';
import { fileDamageReport } from './damage-reports.server';
import { damageReportSchema } from './damage-schema';
import type { DamageActionData, DamagePageData, DamageReportMode } from './damage-types';
import { checkPhotos } from './photos.server';

export async function damagePageLoader({ request, url, context }: PageHandlerArgs, mode: DamageReportMode) {
  const { database, config } = context.get(servicesContext);
  const locale = context.get(pageContext).pathLocale ?? defaultLocale;
  const session = context.get(sessionContext);
  const csrf = csrfFor(request, context);
  const prefill = session ? await reportPrefill(database.db, session.customerId) : null;
  const reference = verifiedReference(url.searchParams, config.sessionSecret, 'damage-report');
  const seen = berlinFormFields(new Date());
  const pageData: DamagePageData = {
    csrf: csrf.token,
    mode,
    locale,
    loggedIn: Boolean(session),
    defaults: {
      seenDate: seen.date,
      seenTime: seen.time,
      email: prefill?.email,
      phone: prefill ? { regionCode: 'DE', phonenumber: prefill.phone } : undefined,
    },
    confirmation: reference ? { reference } : null,
  };
  return data(pageData, { headers: csrf.headers });
}

/**
 * The damage report's action: the text by the schema, the photos by their bytes; a problem with
 * either comes back next to its field with everything else typed kept (the browser cannot refill a
 * file input, so the photo field asks to choose them again).
 */
export async function damagePageAction({ request, url, context }: PageHandlerArgs) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  if (formData.get(honeypotFieldName)) return redirect(withCarriedQuery(url.pathname, url.search));
  const locale = context.get(pageContext).pathLocale ?? defaultLocale;
  const session = context.get(sessionContext);
  const positioned = (formData.get('position.lat') ?? '') !== '';
  const addressChoices = positioned
    ? []
    : await verifyAddressField(services, formData, context.get(requestContext).clientIp);
  const submission = parseForm(formData, damageReportSchema({ loggedIn: Boolean(session) }));
  const photos = checkPhotos(submittedFiles(context));
  const photoErrors: Record<string, string[]> = photos.kind === 'refused' ? { photos: photos.messages } : {};
  const reply = (options: Parameters<typeof submission.reply>[0] = {}): DamageActionData => ({
    result: submission.reply(options),
    addressChoices,
  });
  if (submission.status !== 'success') {
    return photos.kind === 'refused'
      ? reply({ fieldErrors: { ...fieldErrorsOf(submission), ...photoErrors } })
      : reply();
  }
  if (photos.kind === 'refused') return reply({ fieldErrors: photoErrors });

  const outcome = await fileDamageReport(services, submission.value, photos.photos, {
    customerId: session?.customerId ?? null,
    locale,
    clientIp: context.get(requestContext).clientIp,
  });
  if (outcome.kind === 'rate-limited') return reply({ formErrors: ['damage-report.too-many'] });
  if (outcome.kind === 'refused') return reply({ fieldErrors: { [outcome.field]: [outcome.message] } });

  const query = confirmationQuery(outcome.reference, services.config.sessionSecret, 'damage-report');
  for (const [key, value] of carriedParams(url.search)) query.append(key, value);
  return redirect(`${url.pathname}?${query}`);
}

function fieldErrorsOf(submission: { error?: Record<string, string[] | null> | null }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages && name !== '') errors[name] = messages;
  }
  return errors;
}
