import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { bikeReportSchema } from './report-schema';

/** Noon on 10 June 2026, Berlin (10:00 UTC). */
const now = () => new Date('2026-06-10T10:00:00Z');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const valid = {
  kind: 'found',
  bikeNumber: '12345',
  'address.text': 'Alexanderplatz 3 10178 Berlin',
  'address.lat': '52.5219',
  'address.lon': '13.4132',
  'address.id': '42',
  seenDate: '10.06.2026',
  seenTime: '11:30',
  email: 'Finder@Example.org ',
};

function parse(fields: Record<string, string>, loggedIn = false) {
  return parseWithZod(form(fields), { schema: bikeReportSchema({ loggedIn, now }) });
}

function errorsOf(fields: Record<string, string>, loggedIn = false) {
  const submission = parse(fields, loggedIn);
  return (submission.status === 'error' ? submission.error : null) ?? {};
}

describe('bike report schema', () => {
  it('accepts a complete anonymous report of a found bike', () => {
    const submission = parse(valid);
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toMatchObject({
      kind: 'found',
      bikeNumber: '12345',
      location: { source: 'address', text: 'Alexanderplatz 3 10178 Berlin', lat: 52.5219, lon: 13.4132 },
      email: 'finder@example.org',
    });
    // 11:30 in Berlin summer time is 09:30 UTC.
    expect(submission.value.seenAt.toISOString()).toBe('2026-06-10T09:30:00.000Z');
  });

  it.each([
    ['123', 'bike-report.bike-number.invalid'],
    ['1234567', 'bike-report.bike-number.invalid'],
    ['12a45', 'bike-report.bike-number.invalid'],
    ['', 'bike-report.bike-number.required'],
  ])('refuses the bike number %j', (bikeNumber, message) => {
    expect(errorsOf({ ...valid, bikeNumber })).toMatchObject({ bikeNumber: [message] });
  });

  it.each(['1234', '123456', '12 345'])('accepts the bike number %j (4 to 6 digits, spaces aside)', (bikeNumber) => {
    const submission = parse({ ...valid, bikeNumber });
    expect(submission.status).toBe('success');
    if (submission.status === 'success') expect(submission.value.bikeNumber).toBe(bikeNumber.replace(' ', ''));
  });

  it('requires a location: a picked address or the browser position', () => {
    const withoutLocation = { ...valid, 'address.text': '', 'address.lat': '', 'address.lon': '', 'address.id': '' };
    expect(errorsOf(withoutLocation)).toMatchObject({ location: ['bike-report.location.required'] });
    // Typed but not picked: the address field's own message.
    expect(errorsOf({ ...withoutLocation, 'address.text': 'Alexanderplatz' })).toMatchObject({
      'address.text': ['address.pick-suggestion'],
    });
    const positioned = parse({ ...withoutLocation, 'position.lat': '52.52', 'position.lon': '13.405' });
    expect(positioned.status).toBe('success');
    if (positioned.status === 'success') {
      expect(positioned.value.location).toEqual({ source: 'position', text: null, lat: 52.52, lon: 13.405 });
    }
    expect(errorsOf({ ...withoutLocation, 'position.lat': '48.85', 'position.lon': '2.35' })).toMatchObject({
      location: ['bike-report.position.outside'],
    });
  });

  it('lets the position win over an address', () => {
    const submission = parse({ ...valid, 'position.lat': '52.5', 'position.lon': '13.4' });
    expect(submission.status === 'success' && submission.value.location.source).toBe('position');
  });

  it('refuses "lost or stolen" without a login, and allows it with one', () => {
    expect(errorsOf({ ...valid, kind: 'lost' })).toMatchObject({ kind: ['bike-report.kind.login-required'] });
    expect(parse({ ...valid, kind: 'lost' }, true).status).toBe('success');
    expect(errorsOf({ ...valid, kind: 'stolen' })).toMatchObject({ kind: ['bike-report.kind.required'] });
  });

  it('refuses a time in the future, a time that is no time and one more than a year ago', () => {
    expect(errorsOf({ ...valid, seenTime: '12:30' })).toMatchObject({ seenTime: ['bike-report.seen-at.future'] });
    expect(errorsOf({ ...valid, seenDate: '11.06.2026', seenTime: '08:00' })).toMatchObject({
      seenTime: ['bike-report.seen-at.future'],
    });
    expect(errorsOf({ ...valid, seenTime: '25:00' })).toMatchObject({ seenTime: ['bike-report.time.invalid'] });
    expect(errorsOf({ ...valid, seenDate: '31.02.2026' })).toMatchObject({ seenDate: ['date.invalid'] });
    expect(errorsOf({ ...valid, seenDate: '01.06.2025' })).toMatchObject({ seenDate: ['bike-report.seen-at.too-old'] });
    // A few minutes ahead is a drifting clock, not the future.
    expect(parse({ ...valid, seenTime: '12:04' }).status).toBe('success');
  });

  it('requires an email from anonymous reporters only', () => {
    expect(errorsOf({ ...valid, email: '' })).toMatchObject({ email: ['required'] });
    expect(errorsOf({ ...valid, email: 'no-email' })).toMatchObject({ email: ['email.invalid'] });
    expect(parse({ ...valid, email: '' }, true).status).toBe('success');
  });

  it('takes an optional mobile number and judges a typed one', () => {
    const withPhone = parse({ ...valid, 'phone.regionCode': 'DE', 'phone.phonenumber': '0151 23456789' });
    expect(withPhone.status === 'success' && withPhone.value.phone).toBe('+4915123456789');
    expect(errorsOf({ ...valid, 'phone.regionCode': 'DE', 'phone.phonenumber': '030 1234567' })).toMatchObject({
      'phone.phonenumber': ['rule_tel'],
    });
  });

  it('drops a description of only line breaks and counts CRLF as one character', () => {
    const empty = parse({ ...valid, description: '\r\n\r\n' });
    expect(empty.status === 'success' && empty.value.description).toBeUndefined();
    const long = `${'a'.repeat(1000)}\r\n${'b'.repeat(999)}`;
    const ok = parse({ ...valid, description: long });
    expect(ok.status === 'success' && ok.value.description).toHaveLength(2000);
    expect(errorsOf({ ...valid, description: `${long}c` })).toMatchObject({
      description: ['bike-report.description.too-long?max=2000'],
    });
  });

  it('reports every field problem at once (a form sent without JavaScript gets them all)', () => {
    const errors = errorsOf({ kind: '', bikeNumber: '12', seenDate: '10.06.2026', seenTime: '11:00', email: '' });
    expect(Object.keys(errors).sort()).toEqual(['bikeNumber', 'email', 'kind', 'location']);
  });
});
