import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/config/env.server';
import { openDatabase } from '~/db/client.server';
import { auditLog, staffAccounts, staffRecoveryCodes } from '~/db/schema';
import { verifyPassword } from '~/shared/security/passwords.server';
import { createBackOfficeAdmin } from '~/services.server';
import { secretOfUri } from '../../../tests/support/authenticator';

/**
 * `npm run backoffice:create-admin` as the script runs it (scripts/backoffice-create-admin.mjs → the
 * build's createAdminFromEnvironment → the composition root's createBackOfficeAdmin), on an embedded
 * database in a fresh DATA_DIR.
 */
describe('creating the first admin on the command line', () => {
  const dirs: string[] = [];
  afterEach(() => {
    dirs.length = 0;
  });
  const configIn = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  it('creates an admin with a generated password, prints the enrolment once, and refuses the same email again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'create-admin-'));
    dirs.push(dataDir);
    const config = configIn(dataDir);
    const { enrolment, text } = await createBackOfficeAdmin(config, { email: ' Root@Example.com ', name: 'Rita Root' });
    expect(enrolment.password.length).toBeGreaterThanOrEqual(24);
    expect(text).toContain(enrolment.password);
    expect(text).toContain(enrolment.otpauthUri);
    expect(text).toContain(secretOfUri(enrolment.otpauthUri));
    for (const code of enrolment.recoveryCodes) expect(text).toContain(code);
    expect(enrolment.recoveryCodes).toHaveLength(10);

    await expect(createBackOfficeAdmin(config, { email: 'root@example.com', name: 'Another' })).rejects.toThrow(
      /exists already/,
    );
    await expect(createBackOfficeAdmin(config, { email: 'not an email', name: 'X' })).rejects.toThrow(/email/);
    await expect(
      createBackOfficeAdmin(config, { email: 'short@example.com', name: 'X', password: 'short' }),
    ).rejects.toThrow(/password/);

    const database = await openDatabase({ dataDir });
    try {
      const [admin] = await database.db.select().from(staffAccounts);
      expect(admin).toMatchObject({ email: 'root@example.com', displayName: 'Rita Root', role: 'admin', active: true });
      // Nothing readable is stored: the hash of the password, the secret encrypted, the codes hashed.
      expect(await verifyPassword(admin!.passwordHash ?? undefined, enrolment.password)).toBe(true);
      expect(admin!.totpSecretEncrypted).not.toContain(secretOfUri(enrolment.otpauthUri));
      const codes = await database.db
        .select()
        .from(staffRecoveryCodes)
        .where(eq(staffRecoveryCodes.staffId, admin!.id));
      expect(codes.map((code) => code.codeHash)).not.toContain(enrolment.recoveryCodes[0]);
      const [created] = await database.db.select().from(auditLog);
      expect(created).toMatchObject({ action: 'staff.create', actorStaffId: admin!.id, subjectId: admin!.id });
    } finally {
      await database.close();
    }
  }, 120_000);

  it('takes a password given on stdin, and does not print it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'create-admin-'));
    const { enrolment, text } = await createBackOfficeAdmin(configIn(dataDir), {
      email: 'ops@example.com',
      name: 'Ops',
      password: 'a chosen long passphrase',
    });
    expect(enrolment.password).toBe('a chosen long passphrase');
    expect(text).not.toContain('a chosen long passphrase');
  }, 120_000);
});
