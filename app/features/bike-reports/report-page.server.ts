import { data, redirect } from 'react-router';
import { pageContext, requestContext, servicesContext, sessionContext, type PageHandlerArgs } from '~/context';
import { verifyAddressField } from '~/shared/geocoding/address-verification.server';
import { carriedParams, withCarriedQuery } from '~/shared/navigation/carry-query';
import { honeypotFieldName } from '~/shared/security/form-fields';
import { csrfFor } from '~/shared/security/form-page.server';
import { defaultLocale } from '~/i18n/locales';
import { pageForView, pagePath } from '~/i18n/route-table';
import { fileBikeReport, reportPrefill } from './bike-reports.server';
import { confirmationQuery, verifiedReference } from '~/shared/reports/confirmation-link.server';
import { reportKinds, type ReportKind } from './report-kinds';
import { bikeReportSchema } from './report-schema';
import type { ReportActionData, ReportMode, ReportPageData } from './report-types';
import { berlinFormFields } from '~/shared/reports/seen-at';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';

function sessionFor(mode: ReportMode, context: PageHandlerArgs['context']) {
  // A terminal is shared by everyone at the station: whatever session its browser has, reports
  // from it are anonymous.
  return mode === 'terminal' ? null : context.get(sessionContext);
}

export async function reportPageLoader({ request, url, context }: PageHandlerArgs, mode: ReportMode) {
  const { database, config } = context.get(servicesContext);
  const locale = context.get(pageContext).pathLocale ?? defaultLocale;
  const session = sessionFor(mode, context);
  const csrf = csrfFor(request, context);
  const prefill = session ? await reportPrefill(database.db, session.customerId) : null;
  const kind = url.searchParams.get('kind');
  const reference = verifiedReference(url.searchParams, config.sessionSecret);
  const seen = berlinFormFields(new Date());
  const back = withCarriedQuery(`${url.pathname}?kind=lost`, url.search);
  const pageData: ReportPageData = {
    csrf: csrf.token,
    mode,
    locale,
    loggedIn: Boolean(session),
    loginHref:
      mode === 'terminal' || session
        ? null
        : withCarriedQuery(
            `${pagePath(pageForView('login', mode === 'webview'), locale)}?${new URLSearchParams({ redirectTo: back })}`,
            url.search,
          ),
    defaults: {
      kind: (reportKinds as readonly string[]).includes(kind ?? '') ? (kind as ReportKind) : undefined,
      seenDate: seen.date,
      seenTime: seen.time,
      email: prefill?.email,
      phone: prefill ? { regionCode: 'DE', phonenumber: prefill.phone } : undefined,
    },
    confirmation: reference ? { reference } : null,
  };
  return data(pageData, { headers: csrf.headers });
}

export async function reportPageAction({ request, url, context }: PageHandlerArgs, mode: ReportMode) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  // A filled honeypot is a bot: it sees the empty form again, and nothing is stored or sent.
  if (formData.get(honeypotFieldName)) return redirect(withCarriedQuery(url.pathname, url.search));
  const locale = context.get(pageContext).pathLocale ?? defaultLocale;
  const session = sessionFor(mode, context);
  // The browser's position wins over an address; only a typed address without one needs geocoding.
  const positioned = (formData.get('position.lat') ?? '') !== '';
  const addressChoices = positioned
    ? []
    : await verifyAddressField(services, formData, context.get(requestContext).clientIp);
  const submission = parseForm(formData, bikeReportSchema({ loggedIn: Boolean(session) }));
  const reply = (options: Parameters<typeof submission.reply>[0] = {}): ReportActionData => ({
    result: submission.reply(options),
    addressChoices,
  });
  if (submission.status !== 'success') return reply();

  const outcome = await fileBikeReport(services, submission.value, {
    customerId: session?.customerId ?? null,
    locale,
    clientIp: context.get(requestContext).clientIp,
  });
  if (outcome.kind === 'rate-limited') return reply({ formErrors: ['bike-report.too-many'] });
  if (outcome.kind === 'refused') return reply({ fieldErrors: { [outcome.field]: [outcome.message] } });

  const query = confirmationQuery(outcome.reference, services.config.sessionSecret);
  for (const [key, value] of carriedParams(url.search)) query.append(key, value);
  return redirect(`${url.pathname}?${query}`);
}
