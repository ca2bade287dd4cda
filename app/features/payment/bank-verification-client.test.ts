import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { widgetScript } from '~/platform/bank-verification/widget-script';
import type { WidgetResult } from '~/platform/bank-verification/types';
import {
  installEndCallback,
  sepaVerifyCompleteEvent,
  sepaVerifyEndCallback,
  verificationEndpoint,
} from './bank-verification-client';

/** Just enough of a browser window for the widget script: events, fetch, FormData, a document. */
function fakeWindow(answer: () => Promise<Response>) {
  const target = new EventTarget() as EventTarget & Record<string, unknown>;
  const posted: { url: string; body: FormData }[] = [];
  const element = () => ({
    className: '',
    textContent: '',
    attributes: {} as Record<string, string>,
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    },
    appendChild() {},
  });
  Object.assign(target, {
    FormData,
    document: { createElement: element },
    fetch: async (url: string, init: { body: FormData }) => {
      posted.push({ url, body: init.body });
      return answer();
    },
  });
  target.window = target;
  return { window: target, posted };
}

describe('bank verification in the browser', () => {
  it('the widget’s global end callback dispatches sepa-verify-complete with the verification data', async () => {
    const { window, posted } = fakeWindow(async () => Response.json({ status: 'verified', token: 'tok-1' }));
    runInNewContext(widgetScript, window);
    installEndCallback(window as unknown as Window);
    const events: WidgetResult[] = [];
    window.addEventListener(sepaVerifyCompleteEvent, (event) =>
      events.push((event as CustomEvent<WidgetResult>).detail),
    );

    const widget = window.SepaVerificationWidget as { run(options: unknown): Promise<WidgetResult> };
    await widget.run({
      endpoint: verificationEndpoint,
      fields: { csrf: 'c', iban: 'DE89370400440532013000', accountHolder: 'Erika' },
      container: null,
      locale: 'de',
      endCallback: sepaVerifyEndCallback,
    });

    expect(events).toEqual([{ status: 'verified', token: 'tok-1' }]);
    expect(posted[0]?.url).toBe('/resources/bank-verification');
    expect(posted[0]?.body.get('iban')).toBe('DE89370400440532013000');
    expect(posted[0]?.body.get('csrf')).toBe('c');
  });

  it('ends with an error result when the server does not answer usefully', async () => {
    const { window } = fakeWindow(async () => new Response('Bad Gateway', { status: 502 }));
    runInNewContext(widgetScript, window);
    installEndCallback(window as unknown as Window);
    const events: WidgetResult[] = [];
    window.addEventListener(sepaVerifyCompleteEvent, (event) =>
      events.push((event as CustomEvent<WidgetResult>).detail),
    );
    const widget = window.SepaVerificationWidget as { run(options: unknown): Promise<WidgetResult> };
    await widget.run({ endpoint: '/x', fields: {}, container: null, locale: 'en', endCallback: sepaVerifyEndCallback });
    expect(events).toEqual([{ status: 'error', reason: 'unavailable' }]);
  });
});
