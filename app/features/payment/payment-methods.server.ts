import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import type { FeatureContext } from '~/feature-context';
import { customers, paymentMethods } from '~/db/schema';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { Locale } from '~/i18n/locales';
import type { HostedKind } from '~/platform/payment-provider/types';
import { payment } from '~/config/payment';
import { deriveBic } from './bank-directory.server';
import { maskIban, needsBic } from './iban';
import { mandateReference, nextMandateSequence } from './mandate';
import { renderPaymentMail, type PaymentMail } from './payment-mails';
import type { PaymentKind } from './payment-kinds';
import { formatInstant } from '~/i18n/intl-formats';

/** What the payment feature needs from the process; every function is scoped to one customer. */
export type PaymentDeps = Pick<
  FeatureContext,
  'db' | 'paymentProvider' | 'bankVerifier' | 'rateLimits' | 'brand' | 'creditorId' | 'onMailQueued'
>;

/**
 * A payment method as it may leave the server: for SEPA the masked IBAN (country and last four
 * digits only), never the IBAN, BIC or provider token.
 */
export interface PaymentMethodView {
  id: string;
  kind: PaymentKind;
  /** `DE•• •••• •••• •••• •••• 3000` for SEPA, the provider's label (`Visa •••• 4242`) otherwise. */
  display: string;
  accountHolder: string | null;
  mandateReference: string | null;
  mandateAcceptedAt: Date | null;
  since: Date;
  until: Date | null;
}

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

function toView(row: PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    kind: row.kind,
    display: row.kind === 'sepa' && row.iban ? maskIban(row.iban) : (row.label ?? ''),
    accountHolder: row.kind === 'sepa' ? row.accountHolder : null,
    mandateReference: row.mandateReference,
    mandateAcceptedAt: row.mandateAcceptedAt,
    since: row.createdAt,
    until: row.replacedAt,
  };
}

/** The customer's active method (full row: server only, e.g. for a charge). */
export async function activeMethodRow(
  db: Pick<Database, 'select'>,
  customerId: string,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.active, true)));
  return row ?? null;
}

export async function activePaymentMethod(db: Database, customerId: string): Promise<PaymentMethodView | null> {
  const row = await activeMethodRow(db, customerId);
  return row ? toView(row) : null;
}

/** Replaced methods, newest first. */
export async function previousPaymentMethods(db: Database, customerId: string, limit = 10) {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.active, false)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(limit);
  return rows.map(toView);
}

/** The reference the customer's next mandate will get, shown in the mandate text before signing. */
export async function upcomingMandateReference(db: Database, customerId: string): Promise<string | null> {
  const [customer] = await db
    .select({ customerNumber: customers.customerNumber })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return null;
  const references = await mandateReferencesOf(db, customerId);
  return mandateReference(customer.customerNumber, nextMandateSequence(customer.customerNumber, references));
}

async function mandateReferencesOf(db: Pick<Database, 'select'>, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ reference: paymentMethods.mandateReference })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), isNotNull(paymentMethods.mandateReference)));
  return rows.map((row) => row.reference!);
}

export type VerificationStart =
  { ok: true; status: 'verified' | 'failed'; token: string } | { ok: false; reason: 'rate-limited' };

/**
 * Runs the bank verification for one of the customer's IBANs (the widget asks for this through our
 * resource route; without JavaScript the SEPA change calls it itself). Limited per customer, since
 * each verification costs a provider call. Throws BankVerificationUnavailableError when the
 * verifier does not answer.
 */
export async function startBankVerification(
  deps: Pick<PaymentDeps, 'bankVerifier' | 'rateLimits'>,
  customerId: string,
  account: { iban: string; accountHolder: string },
): Promise<VerificationStart> {
  const limit = { max: payment.bankVerificationsPerHour, windowMs: 60 * 60 * 1000 };
  if (!(await deps.rateLimits.hit(`bank-verification:${customerId}`, limit)))
    return { ok: false, reason: 'rate-limited' };
  const started = await deps.bankVerifier.start({ ...account, customerReference: customerId });
  return { ok: true, ...started };
}

export type ChangeOutcome =
  | { ok: true; methodId: string; mandateReference: string | null }
  | { ok: false; field: 'iban' | 'bic' | 'form'; message: string };

export interface SepaChange {
  customerId: string;
  accountHolder: string;
  /** Validated and normalised (sepaSchema). */
  iban: string;
  bic?: string;
  /** From the widget's `sepa-verify-complete` event; absent without JavaScript. */
  verificationToken?: string;
  clientIp: string;
  locale: Locale;
  now?: Date;
}

/**
 * Makes a SEPA mandate the customer's payment method — only once the bank verification says the
 * account is verified. The browser's token is checked with the verifier (never trusted); without a
 * token (no JavaScript) the verification runs here directly. Any failure keeps the old method.
 *
 * Then, in one transaction: the old method inactive with `replacedAt`, the new one active with a
 * unique mandate reference, consent time and IP, and the mandate confirmation mail in the outbox.
 * Throws BankVerificationUnavailableError when the verifier does not answer.
 */
export async function changeToSepa(deps: PaymentDeps, change: SepaChange): Promise<ChangeOutcome> {
  const now = change.now ?? new Date();
  const expected = { iban: change.iban, customerReference: change.customerId };
  let token = change.verificationToken;
  if (!token) {
    const started = await startBankVerification(deps, change.customerId, change);
    if (!started.ok) return { ok: false, field: 'form', message: 'payment.verification.rate-limited' };
    token = started.token;
  }
  const verification = await deps.bankVerifier.confirm(token, expected);
  if (verification.status !== 'verified') {
    return {
      ok: false,
      field: 'iban',
      message:
        verification.reason === 'token-invalid' ? 'payment.verification.mismatch' : 'payment.verification.failed',
    };
  }

  const bic = change.bic || deriveBic(change.iban);
  if (!bic && needsBic(change.iban)) return { ok: false, field: 'bic', message: 'payment.bic.required' };

  const { methodId, reference, mail, email } = await deps.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, change.customerId);
    const references = await mandateReferencesOf(tx, change.customerId);
    const reference = mandateReference(
      customer.customerNumber,
      nextMandateSequence(customer.customerNumber, references),
    );
    const methodId = await replaceActiveMethod(tx, change.customerId, now, {
      kind: 'sepa',
      accountHolder: change.accountHolder,
      iban: change.iban,
      bic,
      mandateReference: reference,
      mandateAcceptedAt: now,
      mandateIp: change.clientIp,
      verificationReference: verification.reference,
    });
    const mail = renderPaymentMail(
      {
        kind: 'sepa-mandate',
        firstName: customer.firstName,
        accountHolder: change.accountHolder,
        maskedIban: maskIban(change.iban),
        mandateReference: reference,
        creditorId: deps.creditorId,
        signedAt: formatInstant(now, change.locale),
      } satisfies PaymentMail,
      change.locale,
      deps.brand,
    );
    await enqueueMail(tx, customer.email, mail);
    return { methodId, reference, mail, email: customer.email };
  });
  deps.onMailQueued(email, mail.subject, mail.text);
  return { ok: true, methodId, mandateReference: reference };
}

/**
 * Card or PayPal: starts the provider's hosted step. `returnUrl` is the absolute address of the
 * page (embedded or not) that the provider sends the browser back to.
 */
export async function startHostedCheckout(
  deps: Pick<PaymentDeps, 'paymentProvider'>,
  customerId: string,
  request: { kind: HostedKind; returnUrl: string; locale: Locale },
): Promise<string> {
  const { redirectUrl } = await deps.paymentProvider.startCheckout({ ...request, customerReference: customerId });
  return redirectUrl;
}

/**
 * Stores the method a completed hosted checkout produced (token and label only). The session is
 * looked up with the provider again, for this customer; a session that is already the active method
 * changes nothing (a form sent twice).
 */
export async function changeToHosted(
  deps: PaymentDeps,
  change: { customerId: string; session: string; locale: Locale; now?: Date },
): Promise<ChangeOutcome> {
  const now = change.now ?? new Date();
  const outcome = await deps.paymentProvider.completeCheckout(change.session, change.customerId);
  if (outcome.status !== 'completed') {
    return {
      ok: false,
      field: 'form',
      message: outcome.status === 'cancelled' ? 'payment.checkout.cancelled' : 'payment.checkout.invalid',
    };
  }
  const result = await deps.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, change.customerId);
    const current = await activeMethodRow(tx, change.customerId);
    if (current?.providerToken === outcome.token) return { methodId: current.id, mail: null, email: customer.email };
    const methodId = await replaceActiveMethod(tx, change.customerId, now, {
      kind: outcome.kind,
      providerToken: outcome.token,
      label: outcome.label,
    });
    const mail = renderPaymentMail(
      { kind: 'payment-method-changed', firstName: customer.firstName, label: outcome.label },
      change.locale,
      deps.brand,
    );
    await enqueueMail(tx, customer.email, mail);
    return { methodId, mail, email: customer.email };
  });
  if (result.mail) deps.onMailQueued(result.email, result.mail.subject, result.mail.text);
  return { ok: true, methodId: result.methodId, mandateReference: null };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the customer's row for the rest of the transaction: two changes of one customer at the same
 * moment run one after the other, so the sequence of mandate references and the one active method
 * stay consistent (on PostgreSQL; PGlite runs one transaction at a time anyway).
 */
async function lockCustomer(tx: Transaction, customerId: string) {
  const [customer] = await tx
    .select({ customerNumber: customers.customerNumber, email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!customer) throw new Error('customer not found');
  return customer;
}

/** The old method keeps its row (history) with `replacedAt`; the new one is the one active. */
async function replaceActiveMethod(
  tx: Transaction,
  customerId: string,
  now: Date,
  values: Omit<typeof paymentMethods.$inferInsert, 'customerId' | 'active' | 'createdAt' | 'replacedAt'>,
): Promise<string> {
  await tx
    .update(paymentMethods)
    .set({ active: false, replacedAt: now })
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.active, true)));
  const [row] = await tx
    .insert(paymentMethods)
    .values({ ...values, customerId, active: true, createdAt: now })
    .returning({ id: paymentMethods.id });
  return row!.id;
}

/** The customer's name, offered as the account holder of a new SEPA mandate. */
export async function accountHolderSuggestion(db: Database, customerId: string): Promise<string> {
  const [customer] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer ? `${customer.firstName} ${customer.lastName}`.slice(0, 70) : '';
}
