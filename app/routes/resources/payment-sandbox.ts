import type { Route } from './+types/payment-sandbox';
import { servicesContext } from '~/context';
import { sandboxProviderIn } from '~/features/payment/providers.server';
import { translator } from '~/i18n/translate';
import stylesHref from '~/ui/styles.css?url';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * `GET /resources/payment-sandbox/checkout?start=…`: the sandbox payment provider's stand-in for a
 * hosted payment page (platform/payment-provider/sandbox.server.ts). It offers test methods as plain
 * links back to the shop — there is no card number field, so none can reach our server. Exists only
 * while the sandbox is the payment provider (no PAYMENT_PROVIDER_URL); changes nothing itself.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const sandbox = sandboxProviderIn(context.get(servicesContext).paymentProvider);
  if (!sandbox) throw new Response('Not Found', { status: 404 });
  const page = sandbox.hostedPage(url.searchParams.get('start') ?? '');
  const locale = page?.locale ?? 'de';
  const t = translator(locale, context.get(servicesContext).config.brand);
  const body = page
    ? `<p>${escapeHtml(t('payment.sandbox.intro'))}</p>
<h2>${escapeHtml(t('payment.sandbox.choose'))}</h2>
<ul class="sandbox-checkout__choices">${page.choices
        .map(
          (choice) =>
            `<li><a class="button button--secondary" href="${escapeHtml(choice.href)}">${escapeHtml(choice.label)}</a>${
              choice.declines ? ` <span>(${escapeHtml(t('payment.sandbox.declines'))})</span>` : ''
            }</li>`,
        )
        .join('')}</ul>
<p><a href="${escapeHtml(page.cancelHref)}">${escapeHtml(t('payment.sandbox.cancel'))}</a></p>`
    : `<p role="alert">${escapeHtml(t('payment.sandbox.invalid'))}</p>`;
  const title = `${t('payment.sandbox.title')}${page ? ` – ${t(`payment.kind.${page.kind}`)}` : ''}`;
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesHref)}">
</head>
<body>
<main id="main" class="base sandbox-checkout">
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
  return new Response(html, {
    status: page ? 200 : 400,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
