import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brandProfiles } from '~/config/brand';
import { loadConfig } from '~/config/env.server';
import { seedReferenceData } from '~/db/seed/seed.server';
import type { AccountContext } from '~/features/accounts/account-context';
import type { Registration } from '~/features/accounts/registration-schema';
import { memoryRateLimitStore, type RateLimitStore } from '~/platform/rate-limit/store';
import { createTestDatabase, type TestDatabase } from './test-databases';

export interface AccountFixture {
  database: TestDatabase;
  context: AccountContext;
  queuedMails: { to: string; subject: string; text: string }[];
}

/** A migrated, seeded test database and the account flows' context on top of it. */
export async function createAccountFixture(
  backend: 'pglite' | 'postgres',
  rateLimits: RateLimitStore = memoryRateLimitStore(),
): Promise<AccountFixture> {
  const database = await createTestDatabase(backend);
  await seedReferenceData(database.handle.db);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'accounts-')),
    PUBLIC_URL: 'https://kunden.example.com',
  });
  const queuedMails: AccountFixture['queuedMails'] = [];
  const silent = { info: () => {}, warn: () => {} };
  return {
    database,
    queuedMails,
    context: {
      db: database.handle.db,
      config,
      brand: brandProfiles.cab,
      rateLimits,
      logger: silent,
      onMailQueued: (to, subject, text) => void queuedMails.push({ to, subject, text }),
    },
  };
}

export function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    salutation: 'ms',
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'erika@example.org',
    password: 'Radfahren im Regen ist schön',
    birthDate: '1985-03-12',
    phone: '+4915123456789',
    address: { text: 'Unter den Linden 1 10117 Berlin', lat: 52.5171, lon: 13.3952, id: '1' },
    tariffId: 'basis',
    acceptTerms: true,
    newsletter: false,
    ...overrides,
  } as Registration;
}

/** The token from the link in a mail's text. */
export function tokenFromMail(text: string): string {
  const match = /[?&]token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No token link in mail:\n${text}`);
  return match[1];
}
