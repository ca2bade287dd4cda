import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const fallback = '/de/kundenbereich';

/** Where a browser ends up when it follows `location` from a page of the app. */
function followed(location: string): URL {
  return new URL(location, 'https://kunden.example.com/de/anmelden');
}

describe('redirect target after login', () => {
  it('keeps local paths with their query and hash', () => {
    expect(safeRedirect('/de/kundenbereich/guthaben?page=2#top', fallback)).toBe(
      '/de/kundenbereich/guthaben?page=2#top',
    );
  });

  it('normalises a local path before returning it', () => {
    expect(safeRedirect('/de/./kundenbereich/../kundenbereich/guthaben', fallback)).toBe('/de/kundenbereich/guthaben');
    expect(safeRedirect('/de/kundenbereich?next=//evil.example', fallback)).toBe(
      '/de/kundenbereich?next=//evil.example',
    );
  });

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '',
    null,
    42,
    'de/x',
    '/%5cevil.example',
    // Paths that only become `//host` once normalised.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/de/..//evil.example',
    '/de/%2e%2e//evil.example',
    '/de/./..//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/.//\tevil.example',
    '/%2fevil.example',
    '/%2F/evil.example',
    '/%5C%5Cevil.example',
    '/.%2f/evil.example',
    `/${'a'.repeat(2001)}`,
  ])('ignores %j', (target) => {
    expect(safeRedirect(target, fallback)).toBe(fallback);
  });

  // Every combination of a leading path that walks back to the root, a separator a browser reads as
  // a slash, and a host: whatever is returned stays on the app's origin when a browser follows it.
  const leads = ['', '.', '..', '%2e', '%2E%2E', 'de/..', 'de/%2e%2e', 'de/./..', '.;', '/', '\\'];
  const separators = ['/', '\\', '//', '\\\\', '/\\', '\\/', '\t/', '/\n', '\r/', '%2f', '%5c', '%2F%2F', '/%09', ' /'];
  const hosts = ['evil.example', 'evil.example:443/x?y=1#z', '@evil.example', '%65vil.example'];
  const combinations = leads.flatMap((lead) =>
    separators.flatMap((separator) => hosts.map((host) => `/${lead}/${separator}${host}`)),
  );

  it.each(combinations)('keeps %j on the app', (target) => {
    const result = safeRedirect(target, fallback);
    const url = followed(result);
    expect(url.origin).toBe('https://kunden.example.com');
    expect(result).toBe(`${url.pathname}${url.search}${url.hash}`);
    expect(result).not.toMatch(/^\/[/\\]|%(2f|5c)/i);
  });
});
