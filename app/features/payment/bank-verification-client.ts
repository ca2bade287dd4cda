import type { WidgetResult } from '~/platform/bank-verification/types';

/**
 * The browser side of the bank verification (docs/rules/credit-and-payment.md#bank-verification): a global
 * end callback dispatches the window event `sepa-verify-complete` carrying the verification result.
 *
 * The widget script is loaded on demand from our own origin; it calls the global end callback
 * `window.sepaVerifyEnd(result)`, which this module installs and which dispatches
 * `sepa-verify-complete` with the result as `detail`. The page listens for the event and continues
 * the form from it. Nothing here decides anything: the server confirms the token on submit.
 */
export const sepaVerifyCompleteEvent = 'sepa-verify-complete';
export const sepaVerifyEndCallback = 'sepaVerifyEnd';
export const widgetScriptPath = '/resources/bank-verification/widget.js';
export const verificationEndpoint = '/resources/bank-verification';

export type { WidgetResult };

export interface WidgetRunOptions {
  endpoint: string;
  /** Form fields the widget posts to the endpoint (CSRF token, IBAN, account holder). */
  fields: Record<string, string>;
  container: HTMLElement | null;
  locale: string;
  /** Name of the global function the widget calls at the end. */
  endCallback: string;
}

export interface VerificationWidget {
  version: number;
  run(options: WidgetRunOptions): Promise<WidgetResult>;
}

declare global {
  interface Window {
    SepaVerificationWidget?: VerificationWidget;
    sepaVerifyEnd?: (result: WidgetResult) => void;
  }
}

/** Installs the global end callback (idempotent): it turns the widget's result into the window event. */
export function installEndCallback(target: Window = window): void {
  target[sepaVerifyEndCallback] = (result: WidgetResult) => {
    target.dispatchEvent(new CustomEvent<WidgetResult>(sepaVerifyCompleteEvent, { detail: result }));
  };
}

let loading: Promise<VerificationWidget> | undefined;

/**
 * Adds the widget's script element once. The CSP allows it: our code runs from nonce'd scripts, and
 * `'strict-dynamic'` extends that trust to scripts they insert.
 */
export function loadVerificationWidget(doc: Document = document): Promise<VerificationWidget> {
  const win = doc.defaultView as Window;
  if (win.SepaVerificationWidget) return Promise.resolve(win.SepaVerificationWidget);
  loading ??= new Promise<VerificationWidget>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = widgetScriptPath;
    script.async = true;
    script.onload = () =>
      win.SepaVerificationWidget ? resolve(win.SepaVerificationWidget) : reject(new Error('widget missing'));
    script.onerror = () => reject(new Error('widget script failed to load'));
    doc.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
