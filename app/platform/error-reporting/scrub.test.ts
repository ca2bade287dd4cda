import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxBreadcrumbs, scrubSentryBreadcrumb, scrubSentryEvent, scrubText, stripQuery, trimStack } from './scrub';
import { sentryBrowserOptions, reportFor } from './client';
import { sentryNodeOptions } from './server';

/** An address as the plain pattern sees one. */
const address = /[\p{L}\p{N}_.+-]+@[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/u;

describe('scrubbing error texts', () => {
  it('drops queries and fragments of URLs and paths, but keeps ordinary text', () => {
    expect(scrubText('GET https://a.example/x?token=1&b=2 failed')).toBe('GET https://a.example/x failed');
    expect(scrubText('at load (/de/passwort-setzen?token=abc:1:2)')).toBe('at load (/de/passwort-setzen)');
    expect(scrubText('What? Really (reading "id")')).toBe('What? Really (reading "id")');
  });

  it('redacts secrets in name=value pairs, bearer tokens and email addresses', () => {
    expect(scrubText('password=hunter2 and token=abc')).toBe('password=[redacted] and token=[redacted]');
    expect(scrubText('Authorization: Bearer eyJhbGciOi.x.y')).toBe('Authorization: Bearer [redacted]');
    expect(scrubText('no account for erika.m+1@example.co.uk')).toBe('no account for [email]');
    expect(scrubText('Bearer erika@example.com, basic x@y.de')).toBe('Bearer [redacted], basic [redacted]');
    expect(scrubText('Authorization: Bearer abc.def@ghi.jkl/xyz')).toBe('Authorization: Bearer [redacted]');
    expect(scrubText(`password="hunter2" secret='s3'`)).toBe(`password=[redacted]" secret=[redacted]'`);
    expect(scrubText('newPassword=a currentPassword=b client_secret=c verificationToken=d x-api-key=e')).toBe(
      'newPassword=[redacted] currentPassword=[redacted] client_secret=[redacted] verificationToken=[redacted] x-api-key=[redacted]',
    );
    expect(scrubText('no account for jörg.müller@bücher.de')).toBe('no account for [email]');
    expect(scrubText('token=erika@example.com')).toBe('token=[redacted]');
    expect(scrubText('typed erika.m@gmx@example.org.')).toBe('typed [email].');
    expect(scrubText('GET /api/x/erika%2Bnews%40example.org failed')).toBe('GET /api/x/[email] failed');
    expect(scrubText('body email=erika.m%40gmx%40example.org&x=1')).toBe('body email=[email]&x=1');
    expect(scrubText('100% sure, 40 left')).toBe('100% sure, 40 left');
  });

  it('scrubs as the plain patterns would, in time linear in the text', () => {
    // The patterns as first written: every start within a run of path or address characters tried.
    const plainText = (text: string) =>
      text
        .replace(/((?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s?#"'<>()]*)[?#][^\s"'<>()]*/gi, '$1')
        .replace(/([\w-]*(?:token|code))=["']?[^&\s"'<>()]+/gi, '$1=[redacted]') // a quoted value as well
        .replace(/[\p{L}\p{N}_.+-]+@[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu, '[email]');
    // Addresses joined by `+`, `.` or `-` come out as one `[email]` instead of one each, and so does
    // the domain the plain pattern left of an address whose local part it had taken as its domain;
    // what it left before an address as `part@` goes too.
    const joined = (text: string) =>
      text
        .replace(/(?:\[email\])+(?:@+(?:[\p{L}\p{N}_.+-]|\[email\])+)*/gu, '[email]')
        .replace(/(?<![\p{L}\p{N}_.+@-])[\p{L}\p{N}_.+@-]*@(?=\[email\])/gu, '');
    const telling = fc.constantFrom(...'aZ9ö.+-_@/:?#& "()'.split(''), 'http://', 'token=', 'Code=', 'x.de', 'e@x.de');
    fc.assert(
      fc.property(fc.array(telling, { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(scrubText(text)).toBe(joined(plainText(text)));
      }),
      { numRuns: 5000 },
    );
    for (const text of [
      'erika@example.com+x@example.org',
      'a@b.de..c@d.de',
      'x@x.de+y@y.de and z@z.de',
      'x@x.de-y@y.de',
      'x@x.de.y@y.de-z@z.de',
      'e@x.dee@x.de+e@x.de',
    ])
      expect(scrubText(text)).not.toContain('@');
    // 200,000 characters of one run: the plain patterns needed minutes for each.
    for (const run of ['a', '/', 'a.', 'a-b.', 'a://']) {
      const text = run.repeat(200_000 / run.length);
      expect(scrubText(`${text}?x`)).toBe(text.includes('/') ? text : `${text}?x`);
      expect(scrubText(`${text}@example.org`)).toBe(text.includes('/') ? `${text}@example.org` : '[email]');
    }
    for (const run of ['a-', 'token', 'a_b-token']) {
      const text = run.repeat(200_000 / run.length);
      expect(scrubText(`${text}=x`)).toBe(run === 'a-' ? `${text}=x` : `${text}=[redacted]`);
    }
    for (const run of [
      'a@',
      'a@b.',
      '.@',
      '-@a.b',
      'a@b.c.@',
      'a@b.c+@',
      'x@x.de-',
      'ö@ü.',
      '%40',
      'a%40b.',
      '%4',
      'a%40b.c%',
    ]) {
      const text = run.repeat(200_000 / run.length);
      expect(scrubText(text)).not.toMatch(address);
      expect(scrubText(`${text}[email]`)).not.toMatch(address);
    }
  });

  it('leaves no address and no part of one', () => {
    const telling = fc.constantFrom(...'aZ9ö._+-@ .%'.split(''), 'x.de', 'e@x.de', 'Bearer ', 'token=', '%40', '%2B');
    // An address as the plain pattern sees one, `@` percent-encoded or not.
    const encodedToo = /[\p{L}\p{N}_.+-]+(?:@|%40)[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/u;
    fc.assert(
      fc.property(fc.array(telling, { maxLength: 40 }), (parts) => {
        const scrubbed = scrubText(parts.join(''));
        expect(scrubbed).not.toMatch(encodedToo);
        expect(scrubbed).not.toMatch(/[\p{L}\p{N}_.+@%-]\[email\]|\[email\](?:@|%40)+[\p{L}\p{N}_.+-]/u);
      }),
      { numRuns: 5000 },
    );
  });

  it("cuts a failed query's parameters, so no customer data or password hash reaches Sentry", () => {
    const message =
      'Failed query: insert into "customers" ("email", "password_hash") values ($1, $2)\n' +
      'params: erika@example.org,$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA,Erika,Mustermann';
    const event = scrubSentryEvent({ exception: { values: [{ value: message }] } });
    expect(event.exception?.values?.[0]?.value).toBe(
      'Failed query: insert into "customers" ("email", "password_hash") values ($1, $2)\nparams: [redacted]',
    );
  });

  it('trims stacks to 25 lines', () => {
    const stack = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    expect(trimStack(stack).split('\n')).toHaveLength(25);
    expect(stripQuery('/a?b#c')).toBe('/a');
  });

  it('reports a thrown value as text with the path only', () => {
    expect(reportFor(new TypeError('bad'), 'error', '/de/start?token=x')).toMatchObject({
      kind: 'error',
      message: 'TypeError: bad',
      path: '/de/start',
    });
    expect(reportFor({ reason: 'x' }, 'unhandledrejection', '/')).toMatchObject({ message: '{"reason":"x"}' });
    expect(reportFor('plain', 'react-caught', '/', 'in Page')).toMatchObject({ componentStack: 'in Page' });
  });
});

describe('Sentry settings', () => {
  it('keep 100 breadcrumbs and collect nothing personal, in the browser and on the server', () => {
    expect(maxBreadcrumbs).toBe(100);
    for (const options of [sentryBrowserOptions('https://k@o1.ingest.example/2', 'b1'), sentryNodeOptions('x', 'b1')]) {
      expect(options.maxBreadcrumbs).toBe(100);
      expect(options.dataCollection).toMatchObject({ userInfo: false, cookies: false, urlQueryParams: false });
    }
  });

  it('strip queries, cookies and headers from events, and queries from breadcrumbs', () => {
    const event = scrubSentryEvent({
      request: {
        url: 'https://kunden.example/de/passwort-setzen?token=abc',
        query_string: 'token=abc',
        cookies: { sid: 'x' },
        headers: { 'user-agent': 'UA', cookie: 'sid=x' },
      },
      exception: { values: [{ value: 'failed for erika@example.com' }] },
      breadcrumbs: [{ data: { from: '/a?token=1', to: '/b?token=2', url: 'https://x.example/c?d=e' } }],
    });
    expect(event.request).toEqual({
      url: 'https://kunden.example/de/passwort-setzen',
      headers: { 'user-agent': 'UA' },
    });
    expect(event.exception?.values?.[0]?.value).toBe('failed for [email]');
    expect(event.breadcrumbs?.[0]?.data).toEqual({ from: '/a', to: '/b', url: 'https://x.example/c' });
    expect(scrubSentryBreadcrumb({ message: 'navigate /x?token=1' }).message).toBe('navigate /x');
  });
});
