import { describe, expect, it } from 'vitest';
import { backOfficePageIds, backOfficePages } from './back-office-routes';

describe('back-office routes', () => {
  it('writes every path in lower-case letters, digits, hyphens and slashes, which no URL encoding changes', () => {
    // The server's navigation links compare paths as written (app/ui/components/router-link.tsx).
    for (const id of backOfficePageIds) expect(backOfficePages[id].path).toMatch(/^\/backoffice[a-z0-9/-]*$/);
  });
});
