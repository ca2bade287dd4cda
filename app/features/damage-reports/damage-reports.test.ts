import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { brandProfiles } from '~/config/brand';
import { retention } from '~/config/retention';
import { damageReportPhotos, damageReports, outbox } from '~/db/schema';
import { retentionRules } from '~/features/retention/retention-rules.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import type { FileReportContext } from '~/shared/reports/file-report.server';
import { createAccountFixture, type AccountFixture } from '../../../tests/support/account-fixtures';
import { databaseBackends } from '../../../tests/support/test-databases';
import { fileDamageReport } from './damage-reports.server';
import { damageReportSchema, type DamageReport } from './damage-schema';
import { checkPhotos } from './photos.server';

const serviceTeam = 'service@flinkster.example';

// A JPEG with an EXIF segment holding a GPS text, and a small PNG.
const jpeg = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe1, 0x00, 0x0d, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x47, 0x50, 0x53, 0x20, 0x35, 0xff, 0xda, 0x00,
  0x04, 0x01, 0x02, 0x03, 0xff, 0xd9,
]);
const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

function report(overrides: Partial<DamageReport> = {}): DamageReport {
  return {
    licencePlate: 'B-AB 1234',
    damageKind: 'dent',
    damagePosition: 'left',
    location: { source: 'address', text: 'Alexanderplatz 1, 10178 Berlin', lat: 52.5219, lon: 13.4132 },
    seenAt: new Date('2026-06-10T09:30:00Z'),
    description: 'Delle in der Fahrertür.',
    email: 'finder@example.org',
    phone: undefined,
    ...overrides,
  };
}

describe('the damage report schema', () => {
  const now = () => new Date('2026-06-10T12:00:00Z');
  const valid = {
    licencePlate: 'b ab1234',
    damageKind: 'glass',
    damagePosition: 'front',
    address: { text: 'Alexanderplatz 1', lat: 52.52, lon: 13.41 },
    seenDate: '10.06.2026',
    seenTime: '11:00',
    email: 'Finder@Example.org',
  };

  it('normalises the plate and accepts the kinds and positions of docs/rules/reports.md', () => {
    const result = damageReportSchema({ loggedIn: false, now }).safeParse(valid);
    expect(result.success && result.data).toMatchObject({
      licencePlate: 'B-AB 1234',
      damageKind: 'glass',
      damagePosition: 'front',
      email: 'finder@example.org',
    });
  });

  it('puts every message on its own field at once', () => {
    const result = damageReportSchema({ loggedIn: false, now }).safeParse({
      ...valid,
      licencePlate: 'BAB1234',
      damageKind: 'rust',
      damagePosition: '',
      seenTime: '15:00',
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      licencePlate: 'damage-report.plate.invalid',
      damageKind: 'damage-report.damage-kind.required',
      damagePosition: 'damage-report.damage-position.required',
      seenTime: 'damage-report.seen-at.future',
    });
  });
});

describe.each(databaseBackends)('damage reports on %s', (backend) => {
  let fixture: AccountFixture;
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  function reportContext(): FileReportContext {
    return {
      db: fixture.context.db,
      brand: brandProfiles.flinkster,
      rateLimits: memoryRateLimitStore(),
      serviceTeamEmail: serviceTeam,
      logger: { info: () => {}, warn: () => {} },
      onMailQueued: () => {},
    };
  }

  it('stores the report with its photos and queues both mails; retention deletes report and photos', async () => {
    fixture = await createAccountFixture(backend);
    const photos = checkPhotos([
      { field: 'photos', fileName: 'a.jpg', size: jpeg.length, status: 'kept', bytes: jpeg },
      { field: 'photos', fileName: 'b.png', size: png.length, status: 'kept', bytes: png },
    ]);
    if (photos.kind !== 'ok') throw new Error('photos refused');
    const outcome = await fileDamageReport(reportContext(), report(), photos.photos, {
      customerId: null,
      locale: 'en',
      clientIp: '192.0.2.1',
    });
    if (outcome.kind !== 'created') throw new Error(`not created: ${outcome.kind}`);

    const [stored] = await fixture.context.db.select().from(damageReports);
    expect(stored).toMatchObject({ reference: outcome.reference, licencePlate: 'B-AB 1234', damageKind: 'dent' });
    const stored_photos = await fixture.context.db
      .select()
      .from(damageReportPhotos)
      .where(eq(damageReportPhotos.reportId, outcome.id))
      .orderBy(damageReportPhotos.position);
    expect(stored_photos.map((photo) => [photo.position, photo.contentType])).toEqual([
      [1, 'image/jpeg'],
      [2, 'image/png'],
    ]);
    // The EXIF segment is gone before storing; size and hash are those of what is stored.
    const storedJpeg = stored_photos[0]!;
    expect(new TextDecoder('latin1').decode(storedJpeg.data)).not.toContain('GPS');
    expect(storedJpeg.size).toBe(storedJpeg.data.length);
    expect(storedJpeg.sha256).toBe(photos.photos[0]!.sha256);

    const mails = await fixture.context.db.select().from(outbox);
    expect(mails.map((mail) => [mail.recipient, mail.kind]).sort()).toEqual([
      ['finder@example.org', 'damage-report-confirmation'],
      [serviceTeam, 'damage-report-service'],
    ]);
    const service = mails.find((mail) => mail.recipient === serviceTeam)!;
    expect(service.subject).toContain('Fahrzeug B-AB 1234');
    expect(service.text).toMatch(/Fotos: 2 \(1\. JPEG, [^;]+; 2\. PNG, [^)]+\)/);
    const reporter = mails.find((mail) => mail.recipient === 'finder@example.org')!;
    expect(reporter.text).toContain('vehicle B-AB 1234');
    expect(reporter.text).not.toMatch(/\bbike\b/i);

    const rule = retentionRules.find((candidate) => candidate.name.startsWith('vehicle damage reports'))!;
    const later = new Date(Date.now() + retention.damageReportsMs + 60_000);
    expect(await rule.apply(fixture.context.db, new Date())).toBe(0);
    expect(await rule.apply(fixture.context.db, later)).toBe(1);
    expect(await fixture.context.db.select().from(damageReportPhotos)).toEqual([]);
  });
});
