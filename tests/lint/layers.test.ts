import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own lint configuration (eslint.config.js) applied to small modules that exist only in memory,
// placed at paths inside the tree so that the layer a path belongs to decides what it may import.
const root = fileURLToPath(new URL('../..', import.meta.url));
const layerRules = ['import-x/no-restricted-paths', 'import-x/no-cycle'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The layer and cycle errors ESLint reports for `code` as if it were the module at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<{ rule: string; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && layerRules.includes(message.ruleId))
    .map((message) => ({ rule: message.ruleId ?? '', message: message.message }));
}

// The first lint parses every module the probe reaches (for the cycle rule), which takes a while on a busy machine.
describe('the layer rules', { timeout: 120_000 }, () => {
  it('refuse a ui module importing a feature', async () => {
    const errors = await layerErrors(
      'app/ui/components/probe.tsx',
      "import { baseFeeText } from '~/features/tariffs/public';\nexport const probe = baseFeeText;\n",
    );
    expect(errors).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('app/ui/ is the design system') },
    ]);
  });

  it("refuse a feature importing another feature's internals, and let it use the public module", async () => {
    const internals = await layerErrors(
      'app/features/contract/probe.server.ts',
      "import { endAllSessions } from '~/features/accounts/sessions.server';\nexport const probe = endAllSessions;\n",
    );
    expect(internals).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('Another feature is reached only through its public module'),
      },
    ]);
    const throughPublic = await layerErrors(
      'app/features/contract/probe.server.ts',
      "import { endAllSessions } from '~/features/accounts/public.server';\nexport const probe = endAllSessions;\n",
    );
    expect(throughPublic).toEqual([]);
  });

  it('keep server-only code out of a client-safe public module', async () => {
    const errors = await layerErrors(
      'app/features/tariffs/public.ts',
      "export { findTariff } from './tariffs.server';\n",
    );
    expect(errors).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('public.ts is imported by client code'),
      },
    ]);
  });

  it.each([
    ['app/shared/navigation/probe.ts', '~/features/accounts/public', 'app/shared/ is infrastructure'],
    ['app/platform/probe.ts', '~/db/schema', 'app/platform/ wraps outside systems'],
    ['app/db/seed/probe.ts', '~/features/accounts/public', 'The seed writes rows'],
    ['server/probe.ts', '~/features/content/sitemap', 'server/ serves the build'],
    ['app/routes/public/probe.tsx', '~/db/schema', 'Routes parse the request'],
    [
      'app/routes/public/probe.tsx',
      '~/platform/geocoder/nominatim.server',
      'Routes reach outside systems through a feature',
    ],
    ['app/i18n/probe.ts', '~/root', 'app/i18n/ (route table, catalogues, locale helpers)'],
    ['app/config/probe.ts', '~/platform/logger.server', 'app/config/ takes only zod'],
  ])('refuse %s importing %s', async (filePath, specifier, message) => {
    const errors = await layerErrors(
      filePath,
      `import * as imported from '${specifier}';\nexport const probe = imported;\n`,
    );
    expect(errors).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining(message) }]);
  });

  it('let a route import features, shared, ui, i18n, config and the platform helpers', async () => {
    const errors = await layerErrors(
      'app/routes/public/probe.tsx',
      [
        "import { sitemapEntries } from '~/features/content/sitemap';",
        "import { safeRedirect } from '~/shared/navigation/safe-redirect';",
        "import { PageLink } from '~/ui/components/page-link';",
        "import { pagePath } from '~/i18n/route-table';",
        "import { brandProfiles } from '~/config/brand';",
        "import { z } from '~/platform/validation';",
        'export const probe = [sitemapEntries, safeRedirect, PageLink, pagePath, brandProfiles, z];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('leave tests free to set up a scenario across layers', async () => {
    const errors = await layerErrors(
      'app/ui/components/probe.test.tsx',
      "import { endAllSessions } from '~/features/accounts/sessions.server';\nexport const probe = endAllSessions;\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    // app/i18n/hooks.ts imports the route table; the route table importing the hooks closes a circle.
    const errors = await layerErrors(
      'app/i18n/route-table.ts',
      "import { usePage } from './hooks';\nexport const probe = usePage;\n",
    );
    expect(errors).toEqual([{ rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') }]);
  });
});
