import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('redirect target after login', () => {
  it('keeps local paths with their query and hash', () => {
    expect(safeRedirect('/de/kundenbereich/guthaben?page=2#top', '/de/kundenbereich')).toBe(
      '/de/kundenbereich/guthaben?page=2#top',
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
    'de/x',
    '/%5cevil.example',
  ])('ignores %s', (target) => {
    expect(safeRedirect(target, '/de/kundenbereich')).toBe('/de/kundenbereich');
  });
});
