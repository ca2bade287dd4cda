import { createHmac } from 'node:crypto';
import type { AppConfig } from '~/config/env.server';
import { creditorId, payment } from '~/config/payment';
import type { CustomerScope } from '~/features/self-service/public.server';
import { httpBankVerifier } from '~/platform/bank-verification/http.server';
import { sandboxBankVerifier } from '~/platform/bank-verification/sandbox.server';
import type { BankVerifier } from '~/platform/bank-verification/types';
import { httpPaymentProvider } from '~/platform/payment-provider/http.server';
import { sandboxPaymentProvider, type SandboxPaymentProvider } from '~/platform/payment-provider/sandbox.server';
import type { PaymentProvider } from '~/platform/payment-provider/types';
import type { PaymentDeps } from './payment-methods.server';

/** Where the sandbox provider's stand-in for a hosted payment page lives (routes/resources/payment-sandbox.ts). */
export const sandboxCheckoutPath = '/resources/payment-sandbox/checkout';

interface Providers {
  payment: PaymentProvider;
  verifier: BankVerifier;
}

const memo = new WeakMap<AppConfig, Providers>();

/**
 * The payment provider and bank verifier of this process: the real ones when PAYMENT_PROVIDER_URL /
 * BANK_VERIFICATION_URL are set, else the embedded sandboxes. Made once per configuration on first
 * use (like the geocoder), so the app's service container needs no change for them.
 */
function providersFor(config: AppConfig): Providers {
  let providers = memo.get(config);
  if (!providers) {
    const { PAYMENT_PROVIDER_URL, PAYMENT_PROVIDER_KEY, BANK_VERIFICATION_URL, BANK_VERIFICATION_KEY } = config.env;
    // The sandboxes sign with keys of their own, derived from the session secret.
    const secret = createHmac('sha256', config.sessionSecret).update('payment-sandboxes').digest('base64url');
    providers = {
      payment: PAYMENT_PROVIDER_URL
        ? httpPaymentProvider({
            baseUrl: PAYMENT_PROVIDER_URL,
            key: PAYMENT_PROVIDER_KEY,
            timeoutMs: payment.providerTimeoutMs,
          })
        : sandboxPaymentProvider({ secret, hostedPagePath: sandboxCheckoutPath, sessionMs: payment.sandboxTokenMs }),
      verifier: BANK_VERIFICATION_URL
        ? httpBankVerifier({
            baseUrl: BANK_VERIFICATION_URL,
            key: BANK_VERIFICATION_KEY,
            timeoutMs: payment.providerTimeoutMs,
          })
        : sandboxBankVerifier({ secret, tokenMs: payment.sandboxTokenMs }),
    };
    memo.set(config, providers);
  }
  return providers;
}

export function paymentProviderFor(config: AppConfig): PaymentProvider {
  return providersFor(config).payment;
}

export function bankVerifierFor(config: AppConfig): BankVerifier {
  return providersFor(config).verifier;
}

/** The sandbox provider when it is the one in use (its hosted page exists only then). */
export function sandboxProviderFor(config: AppConfig): SandboxPaymentProvider | null {
  const provider = paymentProviderFor(config);
  return provider.name === 'sandbox' ? (provider as SandboxPaymentProvider) : null;
}

/** Everything the payment feature needs for one logged-in customer's request. */
export function paymentDeps(scope: CustomerScope): PaymentDeps {
  const { db, config, rateLimits, brand, onMailQueued } = scope.ctx;
  return {
    db,
    provider: paymentProviderFor(config),
    verifier: bankVerifierFor(config),
    rateLimits,
    brand,
    creditorId: creditorId(config.env),
    onMailQueued,
  };
}
