import { data } from 'react-router';
import { pageContext, type PageHandlerArgs } from '~/context';
import type { FeatureContext } from '~/feature-context';
import { customerScope } from '~/features/self-service/public.server';
import { formatDate } from '~/i18n/intl-formats';
import type { Locale } from '~/i18n/locales';
import { pageForView, pagePath } from '~/i18n/route-table';
import { berlinDate } from '~/platform/berlin-date';
import { toGermanDate } from '~/platform/german-date';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import type { LicenceStatusData } from './components/licence-status';
import { countryName, countryOptions } from './countries';
import { licenceCorrectionSchema } from './licence-schema';
import { asksForDrivingLicence, correctLicence, currentLicenceOf, isCorrectable, isExpired } from './licences.server';

/**
 * The licence section of the personal-data page, formatted in the page's locale; null for a brand that asks
 * for no licence (docs/rules/accounts.md#driving-licence).
 */
export async function licenceStatusFor(
  context: Pick<FeatureContext, 'db' | 'brand'>,
  customerId: string,
  locale: Locale,
  now = new Date(),
): Promise<LicenceStatusData | null> {
  if (!asksForDrivingLicence(context.brand.id)) return null;
  const licence = await currentLicenceOf(context.db, customerId);
  const today = berlinDate(now);
  if (!licence) {
    return {
      state: 'missing',
      number: null,
      country: null,
      issuedOn: null,
      expiresOn: null,
      rejectionReason: null,
      correctable: true,
    };
  }
  return {
    // An expired licence reads "expired" whatever was decided before; a rejection keeps its reason.
    state: licence.state !== 'rejected' && isExpired(licence, today) ? 'expired' : licence.state,
    number: licence.number,
    country: countryName(licence.issuingCountry, locale),
    issuedOn: formatDate(licence.issuedOn, locale),
    expiresOn: licence.expiresOn ? formatDate(licence.expiresOn, locale) : null,
    rejectionReason: licence.state === 'rejected' ? licence.rejectionReason : null,
    correctable: isCorrectable(licence, today),
  };
}

/**
 * The correction page (routes/self-service/licence-correction.tsx): the form, filled with the current licence,
 * while it can be corrected (docs/rules/accounts.md#licence-correction). The route table names the brands that
 * offer the page (`brands`), and the server refuses it on the others.
 */
export async function licenceCorrectionLoader({ request, url, context }: PageHandlerArgs) {
  const scope = customerScope(url, context);
  const licence = await currentLicenceOf(scope.ctx.db, scope.customerId);
  const csrf = csrfFor(request, context);
  return data(
    {
      csrf: csrf.token,
      correctable: isCorrectable(licence, berlinDate()),
      countries: countryOptions(scope.locale),
      current: licence
        ? {
            number: licence.number,
            issuingCountry: licence.issuingCountry,
            issuedOn: toGermanDate(licence.issuedOn),
            expiresOn: licence.expiresOn ? toGermanDate(licence.expiresOn) : '',
          }
        : null,
    },
    { headers: csrf.headers },
  );
}

/**
 * Sends the corrected licence for checking again, then back to the personal-data page with a notice. A brand
 * without licences stores none, whatever reaches it.
 */
export async function licenceCorrectionAction({ request, url, context }: PageHandlerArgs) {
  const scope = customerScope(url, context);
  if (!asksForDrivingLicence(scope.ctx.brand.id)) throw new Response('Not Found', { status: 404 });
  const formData = await submittedForm(request, context);
  const submission = parseForm(formData, licenceCorrectionSchema);
  if (submission.status !== 'success') return submission.reply();
  const outcome = await correctLicence(scope.ctx.db, scope.customerId, submission.value.licence);
  if (outcome.kind === 'not-correctable') return submission.reply({ formErrors: ['licence.correction.not-needed'] });
  if (outcome.kind === 'too-many') return submission.reply({ formErrors: ['licence.correction.too-many'] });
  if (outcome.kind === 'issued-before-age') {
    return submission.reply({ fieldErrors: { 'licence.issuedOn': [outcome.message] } });
  }
  const { embeddedPage } = context.get(pageContext);
  return redirectCarrying(url, `${pagePath(pageForView('data', embeddedPage), scope.locale)}?done=licence-corrected`);
}
