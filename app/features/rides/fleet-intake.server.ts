import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fleetTrips } from '~/config/fleet';
import { vehicleClasses } from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import { parseTripsBody, type TripsParse } from './trip-schema';

/**
 * The HTTP side of the fleet system's deliveries (docs/rules/rides-and-charges.md#trips-in): the body read within
 * its limit, its signature, its trips checked. The route (app/routes/resources/fleet-trips.ts) answers with the
 * status these give; nothing here logs what a body holds.
 */

/** The raw body, read no further than `maxBytes`; null when it is longer (the rest stays unread). */
export async function readBoundedBody(request: Request, maxBytes: number = fleetTrips.maxBodyBytes) {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Whether the body is JSON: `application/json`, with a charset of UTF-8 if any. */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && /^application\/json[\t ]*(;[\t ]*charset="?utf-8"?[\t ]*)?$/i.test(contentType);
}

/**
 * Whether `X-Fleet-Signature` is `sha256=<hex HMAC-SHA256 of the raw body>` under the shared secret, compared in
 * constant time.
 */
export function hasValidFleetSignature(body: Uint8Array, header: string | null, secret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** The signature the fleet system sends for `body`: for its simulator and the tests. */
export function fleetSignature(body: string | Uint8Array, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A parsed JSON body's trips, checked against the brand and its vehicle classes as they are in the database. */
export async function checkedTrips(
  { db, config }: Pick<FeatureContext, 'db' | 'config'>,
  body: unknown,
  { now }: { now: Date },
): Promise<TripsParse> {
  const classes =
    config.brand === 'flinkster'
      ? await db.select({ id: vehicleClasses.id }).from(vehicleClasses).where(eq(vehicleClasses.brand, config.brand))
      : [];
  return parseTripsBody(body, { brand: config.brand, vehicleClassIds: classes.map((row) => row.id), now });
}
