import { widgetScript } from '~/features/payment/outside-systems';

/**
 * `GET /resources/bank-verification/widget.js`: the bank verification widget's script. Served from
 * our own origin, so the page's nonce'd code may add it under the CSP's `'strict-dynamic'`.
 */
export function loader() {
  return new Response(widgetScript, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      // Small and changed only by a new build: revalidated at most every five minutes.
      'Cache-Control': 'public, max-age=300',
    },
  });
}
