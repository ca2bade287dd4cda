import { describe, expect, it } from 'vitest';
import { safeHref } from './content-blocks';

describe('links in content', () => {
  it('keeps web, mail and phone links and local paths', () => {
    for (const href of ['https://example.com', 'mailto:a@example.com', 'tel:+4930123', '/de/faq']) {
      expect(safeHref(href)).toBe(href);
    }
  });

  it('drops script, data and protocol-relative links', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example']) {
      expect(safeHref(href)).toBe('#');
    }
  });
});
