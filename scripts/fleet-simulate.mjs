#!/usr/bin/env node
// `npm run fleet:simulate [-- --customer=100001]`: the embedded stand-in for the provider's fleet system
// (docs/rules/rides-and-charges.md#trips-in). Sends a few ended trips of the brand (CLIENT: bikes and e-bikes for
// cab, cars of each class for flinkster) for the demo customer to the running app's `POST /api/fleet/trips`,
// signed like the fleet system signs them, then one of them again unchanged and one corrected, and prints what it
// sent and what the app answered.
//
// The app: PUBLIC_URL, else http://localhost:PORT (3000). The secret: FLEET_WEBHOOK_SECRET, else the one the app
// generated into DATA_DIR/secrets/fleet-webhook-secret (start the app once first). The customer: --customer=<number>
// or FLEET_CUSTOMER_NUMBER, else 100001, the demo customer of a new data folder (the first number handed out).
/* global fetch */
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The app resolves DATA_DIR from the repository's folder (scripts/start.mjs): so does this.
process.chdir(root);

const minute = 60_000;
const env = process.env;
const brand = env.CLIENT === 'flinkster' ? 'flinkster' : 'cab';
const baseUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, '');
const customerArgument = process.argv.slice(2).find((argument) => argument.startsWith('--customer='));
const customerNumber = customerArgument?.slice('--customer='.length) ?? env.FLEET_CUSTOMER_NUMBER ?? '100001';
// A stand-in for the fleet system books made-up rides: only against a local app, unless asked for explicitly.
const local = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(baseUrl).hostname);
if (!local && !process.argv.includes('--force')) {
  console.error(`Refusing to send made-up trips to ${baseUrl}: not a local app. Add --force if that is really meant.`);
  process.exit(1);
}

function fleetSecret() {
  if (env.FLEET_WEBHOOK_SECRET) return env.FLEET_WEBHOOK_SECRET;
  const file = path.resolve(env.DATA_DIR ?? './data', 'secrets', 'fleet-webhook-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`No FLEET_WEBHOOK_SECRET and no ${file}: start the app once (npm start) or set the secret.`);
  }
}

/** Berlin streets the rides start and end at. */
const places = {
  hauptbahnhof: { lat: 52.5251, lng: 13.3694 },
  alexanderplatz: { lat: 52.5219, lng: 13.4132 },
  friedrichstrasse: { lat: 52.5076, lng: 13.3904 },
  tempelhof: { lat: 52.4731, lng: 13.4039 },
};

/** An ended trip in the fields the app takes (docs/rules/rides-and-charges.md#trips-in), `endedMinutesAgo` before now. */
function trip({ device, minutes, endedMinutesAgo, from, to, ...rest }) {
  const end = Date.now() - endedMinutesAgo * minute;
  return {
    trip_id: randomUUID(),
    device_id: device,
    start_time: end - minutes * minute,
    end_time: end,
    start_location: places[from],
    end_location: places[to],
    customer_number: customerNumber,
    ...rest,
  };
}

const bike = (propulsion, fields) => trip({ vehicle_type: 'bicycle', propulsion_types: [propulsion], ...fields });
const car = (vehicleClass, distance, fields) =>
  trip({ vehicle_type: 'car', propulsion_types: ['combustion'], vehicle_class: vehicleClass, distance, ...fields });

const trips =
  brand === 'cab'
    ? [
        bike('human', {
          device: 'bike-10417',
          minutes: 18,
          endedMinutesAgo: 240,
          from: 'hauptbahnhof',
          to: 'friedrichstrasse',
        }),
        bike('human', {
          device: 'bike-10952',
          minutes: 74,
          endedMinutesAgo: 150,
          from: 'friedrichstrasse',
          to: 'tempelhof',
        }),
        bike('electric_assist', {
          device: 'ebike-2208',
          minutes: 41,
          endedMinutesAgo: 60,
          from: 'tempelhof',
          to: 'alexanderplatz',
          distance: 9_800,
        }),
      ]
    : [
        car('mini', 14_200, {
          device: 'B-FL 1042',
          minutes: 95,
          endedMinutesAgo: 300,
          from: 'hauptbahnhof',
          to: 'tempelhof',
        }),
        car('kompakt', 42_700, {
          device: 'B-FL 2317',
          minutes: 185,
          endedMinutesAgo: 90,
          from: 'tempelhof',
          to: 'alexanderplatz',
        }),
        car('transporter', 9_300, {
          device: 'B-FL 3050',
          minutes: 70,
          endedMinutesAgo: 15,
          from: 'alexanderplatz',
          to: 'friedrichstrasse',
        }),
      ];

async function send(label, body) {
  const raw = JSON.stringify(body);
  const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  const sent = (body.trips ?? [body]).map((one) => `  ${JSON.stringify(one)}`).join('\n');
  console.log(`\n${label}\n→ POST ${baseUrl}/api/fleet/trips\n${sent}`);
  const response = await fetch(`${baseUrl}/api/fleet/trips`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Fleet-Signature': signature },
    body: raw,
  });
  const text = await response.text();
  console.log(`← ${response.status} ${text}`);
  if (!response.ok) process.exitCode = 1;
}

let secret;
try {
  secret = fleetSecret();
  console.log(`Fleet simulator (${brand}): trips for customer ${customerNumber} to ${baseUrl}`);
  await send(`${trips.length} ended trips in one batch`, { trips });
  await send('The first trip again, unchanged: answered, booked once', trips[0]);
  const corrected = { ...trips[1], end_time: trips[1].end_time + 20 * minute };
  if (corrected.distance !== undefined) corrected.distance += 3_000;
  // A correction must not end in the future (the app allows the fleet's clock a few minutes ahead).
  corrected.end_time = Math.min(corrected.end_time, Date.now());
  await send('The second trip corrected (it ended later): rated again, the difference booked', corrected);
} catch (error) {
  console.error(
    error.cause ? `${error.message}: ${error.cause.message} (is the app running at ${baseUrl}?)` : error.message,
  );
  process.exit(1);
}
