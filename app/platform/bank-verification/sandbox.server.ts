import { createHash, randomBytes } from 'node:crypto';
import { signedTokens } from '~/platform/payment-provider/signed-token.server';
import type { BankVerifier, VerificationOutcome } from './types';

export interface SandboxBankVerifierOptions {
  /** Key material for the signatures (derived from the server's session secret). */
  secret: string;
  /** How long a verification token stays valid. */
  tokenMs: number;
  now?: () => number;
}

/** The sandbox's deterministic rule: an IBAN ending in 0000 cannot be verified; every other one can. */
export function sandboxVerifies(iban: string): boolean {
  return !iban.endsWith('0000');
}

interface VerificationPayload extends Record<string, unknown> {
  ibanHash: string;
  customerReference: string;
  verified: boolean;
  reference: string;
}

const hashIban = (iban: string) => createHash('sha256').update(iban).digest('base64url');

/**
 * The embedded bank verifier. Its tokens are HMAC-signed records of one verification (a hash of
 * the IBAN, never the IBAN itself, the customer and the result), so the sandbox needs no table; and
 * `confirm` applies the rule again rather than trusting the token's word alone.
 */
export function sandboxBankVerifier(options: SandboxBankVerifierOptions): BankVerifier {
  const now = options.now ?? Date.now;
  const tokens = signedTokens(options.secret, 'bank-verification');
  return {
    name: 'sandbox',
    async start(request) {
      const verified = sandboxVerifies(request.iban);
      const token = tokens.sign({
        ibanHash: hashIban(request.iban),
        customerReference: request.customerReference,
        verified,
        reference: `SBX-VER-${randomBytes(6).toString('hex').toUpperCase()}`,
        exp: now() + options.tokenMs,
      } satisfies VerificationPayload);
      return { token, status: verified ? 'verified' : 'failed' };
    },
    async confirm(token, expected): Promise<VerificationOutcome> {
      const payload = tokens.verify<VerificationPayload>(token, now());
      if (
        !payload ||
        payload.ibanHash !== hashIban(expected.iban) ||
        payload.customerReference !== expected.customerReference
      ) {
        return { status: 'failed', reason: 'token-invalid' };
      }
      return payload.verified && sandboxVerifies(expected.iban)
        ? { status: 'verified', reference: payload.reference }
        : { status: 'failed', reason: 'account-not-verified' };
    },
  };
}
