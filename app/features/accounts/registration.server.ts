import { and, eq, sql } from 'drizzle-orm';
import { security } from '~/config/security';
import { campaignFor } from '~/config/campaigns';
import { contracts, creditLedger, customers, tariffs } from '~/db/schema';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { renderMail } from '~/shared/mail/templates';
import { registrationTerms } from '~/shared/legal/withdrawal-instructions';
import { allowAccountMail } from '~/shared/security/login-throttle.server';
import type { Locale } from '~/i18n/locales';
import { berlinDate } from '~/platform/berlin-date';
import { mailLink, type AccountContext } from './account-context';
import { createAccountToken } from './account-tokens.server';
import { isCommonPassword } from './common-passwords.server';
import { hashPassword } from '../../shared/security/passwords.server';
import type { Registration } from './registration-schema';
import { isUniqueViolation } from '~/db/errors';
import { asksForDrivingLicence, storeLicence } from '~/features/driving-licence/public.server';

export type RegistrationOutcome =
  | { kind: 'created'; customerId: string }
  /** The email belongs to an account already: its owner got a mail; the visitor sees the same page. */
  | { kind: 'neutral' }
  | { kind: 'invalid'; field: 'tariffId' | 'password'; message: string };

/**
 * Creates account, contract with the chosen tariff and customer number, the driving licence where the
 * brand asks for one, and queues the verification mail — all in one transaction. An email that is already registered gets the same
 * outcome for the visitor, and a mail to the account's owner instead.
 */
export async function registerCustomer(
  context: AccountContext,
  input: Registration,
  meta: { locale: Locale; now?: Date },
): Promise<RegistrationOutcome> {
  const { db, config, brand } = context;
  const now = meta.now ?? new Date();

  if (isCommonPassword(input.password)) return { kind: 'invalid', field: 'password', message: 'password.too-common' };
  const [tariff] = await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(and(eq(tariffs.id, input.tariffId), eq(tariffs.brand, config.brand), eq(tariffs.active, true)));
  if (!tariff) return { kind: 'invalid', field: 'tariffId', message: 'tariff.required' };

  const [existing] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, input.email));
  if (existing) {
    await notifyExistingOwner(context, input.email, meta.locale);
    return { kind: 'neutral' };
  }

  const passwordHash = await hashPassword(input.password);
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customers)
        .values({
          customerNumber: sql`nextval('customer_number_seq')::text`,
          email: input.email,
          passwordHash,
          salutation: input.salutation,
          firstName: input.firstName,
          lastName: input.lastName,
          birthDate: input.birthDate,
          phoneE164: input.phone,
          addressText: input.address.text,
          addressLat: input.address.lat,
          addressLon: input.address.lon,
          locale: meta.locale,
          actionCode: input.actionCode || null,
          newsletter: input.newsletter,
          termsVersion: security.termsVersion,
          termsAcceptedAt: now,
          privacyVersion: security.privacyVersion,
          privacyAcceptedAt: now,
          createdAt: now,
        })
        .returning({ id: customers.id });
      const customerId = row!.id;
      // Car sharing: the licence comes with the account, pending until checked (docs/rules/accounts.md#driving-licence).
      if (asksForDrivingLicence(config.brand)) {
        if (!input.licence) throw new Error('A car-sharing registration without a driving licence');
        await storeLicence(tx, customerId, input.licence, now);
      }
      const today = berlinDate(now);
      await tx.insert(contracts).values({ customerId, tariffId: tariff.id, startDate: today, tariffSince: today });
      const bonus = campaignFor(input.actionCode)?.startBonusCents;
      if (bonus) {
        await tx.insert(creditLedger).values({
          customerId,
          kind: 'start_bonus',
          amountCents: bonus,
          reference: input.actionCode!.toUpperCase(),
          createdAt: now,
        });
      }
      const token = await createAccountToken(tx, customerId, 'verify-email', security.verifyEmailTokenMs, now);
      const mail = renderMail(
        {
          kind: 'verify-email',
          firstName: input.firstName,
          url: mailLink(config, 'verifyEmail', meta.locale, { token }),
          terms: registrationTerms(meta.locale, brand, today),
        },
        meta.locale,
        brand,
      );
      await enqueueMail(tx, input.email, mail);
      return { customerId, mail };
    });
    context.onMailQueued(input.email, created.mail.subject, created.mail.text);
    return { kind: 'created', customerId: created.customerId };
  } catch (error) {
    // Two registrations of one email at the same moment: the loser gets the neutral outcome.
    if (isUniqueViolation(error)) return { kind: 'neutral' };
    throw error;
  }
}

async function notifyExistingOwner(context: AccountContext, email: string, locale: Locale): Promise<void> {
  if (!(await allowAccountMail(context.rateLimits, email))) return;
  const mail = renderMail(
    {
      kind: 'already-registered',
      loginUrl: mailLink(context.config, 'login', locale),
      resetUrl: mailLink(context.config, 'passwordResetStart', locale),
    },
    locale,
    context.brand,
  );
  await enqueueMail(context.db, email, mail);
  context.onMailQueued(email, mail.subject, mail.text);
}
