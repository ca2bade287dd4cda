import { randomBytes } from 'node:crypto';
import { signedTokens } from './signed-token.server';
import type { ChargeOutcome, ChargeSource, CheckoutOutcome, HostedKind, PaymentProvider } from './types';

/**
 * The embedded payment provider: a sandbox that really works end to end without any outside system.
 *
 * Its "hosted page" is a plain page of our own server (`hostedPagePath`, served by
 * routes/resources/payment-sandbox.ts) standing in for the provider's: it offers fixed test
 * methods to pick — there is no card number field at all, so none can reach us — and sends the
 * browser back with a signed session. Sessions and tokens are HMAC-signed, so the sandbox needs no
 * table and a browser cannot make one up or use another customer's.
 *
 * Deterministic behaviour for tests and demos: the test card ending in 0002 is declined when
 * charged; every other method (SEPA included) is charged successfully.
 */
export interface SandboxTestMethod {
  id: string;
  kind: HostedKind;
  label: string;
  declines: boolean;
}

export const sandboxTestMethods: readonly SandboxTestMethod[] = [
  { id: 'visa-4242', kind: 'card', label: 'Visa •••• 4242', declines: false },
  { id: 'mastercard-4444', kind: 'card', label: 'Mastercard •••• 4444', declines: false },
  { id: 'visa-0002', kind: 'card', label: 'Visa •••• 0002', declines: true },
  { id: 'paypal', kind: 'paypal', label: 'PayPal (buyer@sandbox.example)', declines: false },
];

export interface SandboxPaymentProviderOptions {
  /** Key material for the signatures (derived from the server's session secret). */
  secret: string;
  /** Where our server shows the sandbox's hosted page. */
  hostedPagePath: string;
  /** How long a checkout session stays valid. */
  sessionMs: number;
  now?: () => number;
}

export interface SandboxHostedPage {
  kind: HostedKind;
  locale: 'de' | 'en';
  /** The test methods to offer, each with the URL that returns to the shop with it chosen. */
  choices: { label: string; declines: boolean; href: string }[];
  cancelHref: string;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What the hosted page shows for a started session, or null when the link is invalid or expired. */
  hostedPage(start: string): SandboxHostedPage | null;
}

interface StartPayload extends Record<string, unknown> {
  purpose: 'start';
  kind: HostedKind;
  customerReference: string;
  returnUrl: string;
  locale: 'de' | 'en';
}

interface ResultPayload extends Record<string, unknown> {
  purpose: 'result';
  kind: HostedKind;
  customerReference: string;
  status: 'completed' | 'cancelled';
  token?: string;
  label?: string;
}

const tokenPrefix = 'sbx_';

export function sandboxPaymentProvider(options: SandboxPaymentProviderOptions): SandboxPaymentProvider {
  const now = options.now ?? Date.now;
  const tokens = signedTokens(options.secret, 'payment-provider');
  const charges = new Map<string, ChargeOutcome>();
  const returnWith = (returnUrl: string, payload: Omit<ResultPayload, 'exp'>) => {
    const url = new URL(returnUrl);
    url.searchParams.set('session', tokens.sign({ ...payload, exp: now() + options.sessionMs }));
    return url.toString();
  };

  return {
    name: 'sandbox',

    async startCheckout(request) {
      const start = tokens.sign({
        purpose: 'start',
        kind: request.kind,
        customerReference: request.customerReference,
        returnUrl: request.returnUrl,
        locale: request.locale,
        exp: now() + options.sessionMs,
      } satisfies StartPayload);
      return { redirectUrl: `${options.hostedPagePath}?${new URLSearchParams({ start })}` };
    },

    hostedPage(start) {
      const payload = tokens.verify<StartPayload>(start, now());
      if (!payload || payload.purpose !== 'start') return null;
      const base = { purpose: 'result', kind: payload.kind, customerReference: payload.customerReference } as const;
      return {
        kind: payload.kind,
        locale: payload.locale,
        choices: sandboxTestMethods
          .filter((method) => method.kind === payload.kind)
          .map((method) => ({
            label: method.label,
            declines: method.declines,
            href: returnWith(payload.returnUrl, {
              ...base,
              status: 'completed',
              token: `${tokenPrefix}${method.id}_${randomBytes(9).toString('base64url')}`,
              label: method.label,
            }),
          })),
        cancelHref: returnWith(payload.returnUrl, { ...base, status: 'cancelled' }),
      };
    },

    async completeCheckout(session, customerReference): Promise<CheckoutOutcome> {
      const payload = tokens.verify<ResultPayload>(session, now());
      if (!payload || payload.purpose !== 'result' || payload.customerReference !== customerReference) {
        return { status: 'invalid' };
      }
      if (payload.status === 'cancelled') return { status: 'cancelled' };
      if (!payload.token || !payload.label) return { status: 'invalid' };
      return { status: 'completed', kind: payload.kind, token: payload.token, label: payload.label };
    },

    async charge(request) {
      // Like a real provider: a repeated idempotency key gives the first answer and charges nothing.
      const earlier = charges.get(request.idempotencyKey);
      if (earlier) return earlier;
      const outcome = chargeOnce(request.source);
      if (charges.size >= 1000) charges.delete(charges.keys().next().value!);
      charges.set(request.idempotencyKey, outcome);
      return outcome;
    },
  };
}

function chargeOnce(source: ChargeSource): ChargeOutcome {
  const providerReference = `SBX-${randomBytes(8).toString('hex').toUpperCase()}`;
  if (source.kind === 'sepa') return { status: 'succeeded', providerReference };
  const method = sandboxTestMethods.find((candidate) => source.token.startsWith(`${tokenPrefix}${candidate.id}_`));
  if (!method || method.kind !== source.kind) return { status: 'failed', providerReference, reason: 'invalid-method' };
  return method.declines
    ? { status: 'failed', providerReference, reason: 'declined' }
    : { status: 'succeeded', providerReference };
}
