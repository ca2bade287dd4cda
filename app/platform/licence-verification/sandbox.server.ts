import { createHash } from 'node:crypto';
import type { LicenceCheckOutcome, LicenceVerifier } from './types';

/**
 * The sandbox's deterministic rule, on the licence number (upper case, no spaces): a number ending in `00` is
 * rejected as unknown, one ending in `99` is left undecided for a staff member, every other one is verified.
 */
export function sandboxLicenceDecision(number: string): 'verified' | 'rejected' | 'undecided' {
  if (number.endsWith('00')) return 'rejected';
  if (number.endsWith('99')) return 'undecided';
  return 'verified';
}

/**
 * The embedded licence verifier: answers at once by `sandboxLicenceDecision`, with a reference derived from
 * the licence record, so that the same licence always gets the same answer and needs no table.
 */
export function sandboxLicenceVerifier(): LicenceVerifier {
  return {
    name: 'sandbox',
    async check(request): Promise<LicenceCheckOutcome> {
      const reference = `SBX-LIC-${createHash('sha256').update(request.reference).digest('hex').slice(0, 12).toUpperCase()}`;
      switch (sandboxLicenceDecision(request.number)) {
        case 'rejected':
          return { decision: 'rejected', reason: 'number-unknown', reference };
        case 'undecided':
          return { decision: 'undecided' };
        default:
          return { decision: 'verified', reference };
      }
    },
  };
}
