import type { PaymentProvider } from '~/platform/payment-provider/types';
import type { SandboxPaymentProvider } from '~/platform/payment-provider/sandbox.server';

/** Where the sandbox provider's stand-in for a hosted payment page lives (routes/resources/payment-sandbox.ts). */
export const sandboxCheckoutPath = '/resources/payment-sandbox/checkout';

/** The sandbox provider when it is the one in use (its hosted page exists only then). */
export function sandboxProviderIn(provider: PaymentProvider): SandboxPaymentProvider | null {
  return provider.name === 'sandbox' ? (provider as SandboxPaymentProvider) : null;
}
