import { eq } from 'drizzle-orm';
import { business } from '~/config/business';
import type { Database } from '~/db/client.server';
import { backOfficeSettings } from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import { recordAudit, type AuditOrigin } from '~/features/audit/public.server';

/**
 * The back office's settings an admin changes at runtime (docs/rules/back-office.md#settings): today
 * the four-eyes amounts the money operations read (features/goodwill). Stored in one row of
 * `back_office_settings`; while a value is unset its default from `business.backOffice.fourEyesDefaults`
 * applies. Every change is an audit entry with the values before and after, written in the
 * transaction of the change, and a change from a page that showed an older version is refused.
 */

export const fourEyesSettingKeys = [
  'moneyRequestAboveCents',
  'voucherBatchAboveCents',
  'selfApprovedPerStaffCents',
] as const;
export type FourEyesSettingKey = (typeof fourEyesSettingKeys)[number];

/** The effective four-eyes amounts, in euro cents. */
export type FourEyesAmounts = Record<FourEyesSettingKey, number>;

export interface BackOfficeSettings {
  amounts: FourEyesAmounts;
  /** 0 while nothing has been changed; raised by every change. */
  version: number;
  updatedAt: Date | null;
  updatedByStaffId: string | null;
}

/** The row's id: the table holds one row (its check constraint). */
const rowId = 1;

/** The bounds of every four-eyes amount: more than nothing, at most `business.backOffice.fourEyesMaxCents`. */
export function isFourEyesAmount(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents >= 1 && cents <= business.backOffice.fourEyesMaxCents;
}

function effective(row: typeof backOfficeSettings.$inferSelect | undefined): FourEyesAmounts {
  const defaults = business.backOffice.fourEyesDefaults;
  return {
    moneyRequestAboveCents: row?.moneyRequestAboveCents ?? defaults.moneyRequestAboveCents,
    voucherBatchAboveCents: row?.voucherBatchAboveCents ?? defaults.voucherBatchAboveCents,
    selfApprovedPerStaffCents: row?.selfApprovedPerStaffCents ?? defaults.selfApprovedPerStaffCents,
  };
}

/** The settings as they stand, with their version and who changed them last. */
export async function readBackOfficeSettings(db: Database): Promise<BackOfficeSettings> {
  const [row] = await db.select().from(backOfficeSettings).where(eq(backOfficeSettings.id, rowId));
  return {
    amounts: effective(row),
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt ?? null,
    updatedByStaffId: row?.updatedByStaffId ?? null,
  };
}

/**
 * The four-eyes amounts in force. The money operations call it inside their own transaction, so a
 * booking is judged by the amounts of one moment.
 */
export async function fourEyesAmounts(db: Database): Promise<FourEyesAmounts> {
  return (await readBackOfficeSettings(db)).amounts;
}

export interface SettingsChange {
  /** The version the admin's page showed: the change applies only while it is still the current one. */
  expectedVersion: number;
  amounts: FourEyesAmounts;
}

export type SettingsChangeOutcome =
  | { ok: true; changed: boolean; settings: BackOfficeSettings }
  /** `stale`: someone changed the settings since the page was shown; nothing was written. */
  | { ok: false; error: 'stale'; settings: BackOfficeSettings }
  | { ok: false; error: 'invalid'; keys: FourEyesSettingKey[] };

/**
 * Changes the four-eyes amounts (admins; the route table checks the role). Compare-and-set on the
 * version: the row is locked, and a version other than the page's is refused as stale; the first
 * change inserts the row, and of two first changes at once the second finds it taken and is refused
 * too. A submit that changes nothing writes nothing.
 */
export async function changeBackOfficeSettings(
  ctx: Pick<FeatureContext, 'db'>,
  actor: { staffId: string; origin: AuditOrigin },
  change: SettingsChange,
  { now = new Date() }: { now?: Date } = {},
): Promise<SettingsChangeOutcome> {
  const invalid = fourEyesSettingKeys.filter((key) => !isFourEyesAmount(change.amounts[key]));
  if (invalid.length) return { ok: false, error: 'invalid', keys: invalid };
  return ctx.db.transaction(async (tx): Promise<SettingsChangeOutcome> => {
    const [row] = await tx.select().from(backOfficeSettings).where(eq(backOfficeSettings.id, rowId)).for('update');
    const current = {
      amounts: effective(row),
      version: row?.version ?? 0,
      updatedAt: row?.updatedAt ?? null,
      updatedByStaffId: row?.updatedByStaffId ?? null,
    };
    if (current.version !== change.expectedVersion) return { ok: false, error: 'stale', settings: current };
    const before = current.amounts;
    const after = Object.fromEntries(fourEyesSettingKeys.map((key) => [key, change.amounts[key]])) as FourEyesAmounts;
    if (fourEyesSettingKeys.every((key) => before[key] === after[key])) {
      return { ok: true, changed: false, settings: current };
    }
    const values = { ...after, version: current.version + 1, updatedAt: now, updatedByStaffId: actor.staffId };
    const [written] = row
      ? await tx.update(backOfficeSettings).set(values).where(eq(backOfficeSettings.id, rowId)).returning()
      : await tx
          .insert(backOfficeSettings)
          .values({ id: rowId, ...values })
          .onConflictDoNothing()
          .returning();
    // Only a first change made at the same moment by someone else gets here without a row.
    if (!written) return { ok: false, error: 'stale', settings: await readBackOfficeSettings(tx) };
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'settings.change',
        subjectType: 'back-office-settings',
        subjectId: 'four-eyes',
        // The whole set of amounts in force before and after, so each entry reads on its own.
        before: { ...before, version: current.version },
        after: { ...after, version: written.version },
      },
      actor.origin,
    );
    return {
      ok: true,
      changed: true,
      settings: {
        amounts: effective(written),
        version: written.version,
        updatedAt: written.updatedAt,
        updatedByStaffId: written.updatedByStaffId,
      },
    };
  });
}
