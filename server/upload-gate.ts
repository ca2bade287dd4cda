import type { IncomingHttpHeaders } from 'node:http';

/**
 * Who may send a form with files, decided from the request's headers before any of its body is read: a
 * multipart body is the one the server reads while it streams (docs/decisions/0032-vehicle-damage-reports-and-photos.md),
 * so an upload another site's page makes its visitors' browsers send, or more uploads at once than the
 * instance can hold, must be refused before they cost memory.
 */

/** A form posted by a page of another site: the browser says so (`Sec-Fetch-Site`), or its `Origin` is not ours. */
export function isCrossSiteUpload(headers: IncomingHttpHeaders, origins: readonly string[]): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = headers.origin;
  return origin !== undefined && !origins.includes(origin);
}

export interface UploadGate {
  /** A slot for one upload from this address, to give back when its answer is sent; null when none is free. */
  admit(address: string): (() => void) | null;
}

/** Counts uploads in flight, in all and per client address. */
export function createUploadGate(limits: { concurrent: number; concurrentPerAddress: number }): UploadGate {
  let inFlight = 0;
  const perAddress = new Map<string, number>();
  return {
    admit(address) {
      const fromAddress = perAddress.get(address) ?? 0;
      if (inFlight >= limits.concurrent || fromAddress >= limits.concurrentPerAddress) return null;
      inFlight += 1;
      perAddress.set(address, fromAddress + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      };
    },
  };
}
