// The layers of the code base, enforced on every import (docs/decisions/0025-layers-enforced-by-lint.md).
//
//   server/                                      the HTTP process
//   app/routes/, root.tsx, entry.*, routes.ts    route modules and the document shell
//   app/features/<name>/                         domain capabilities; another feature only through its public modules
//   app/ui/   app/shared/                        design system; infrastructure several features use
//   app/platform/  app/db/  app/i18n/  app/config/
//
// A layer imports only from the layers below it. app/context.ts (the router context) and app/services.server.ts
// (the composition root) wire the layers together and stay outside the rules. Tests build whole scenarios across
// layers, so *.test.ts(x) and tests/ are not checked here.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const features = readdirSync(`${root}/app/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shell = ['app/root.tsx', 'app/entry.client.tsx', 'app/entry.server.tsx', 'app/routes.ts'];
const composition = ['app/context.ts', 'app/services.server.ts'];
const see = 'See docs/decisions/0025-layers-enforced-by-lint.md.';

/** Each zone forbids files under `target` to import from `from` (less `except`, relative to `from`). */
const zones = {
  'ui-imports-no-feature': {
    target: 'app/ui',
    from: ['app/features', 'app/routes', ...shell, ...composition, 'app/db', 'server'],
    message: `app/ui/ is the design system: it imports no feature, route, router context or database code; pass such data in as props. ${see}`,
  },
  'shared-imports-no-feature': {
    target: 'app/shared',
    from: ['app/features', 'app/routes', 'app/ui', ...shell, 'app/services.server.ts', 'server'],
    message: `app/shared/ is infrastructure several features use: it imports no feature, route or ui module. ${see}`,
  },
  'features-import-no-routes': {
    target: 'app/features',
    from: ['app/routes', ...shell, 'app/services.server.ts', 'server'],
    message: `A feature is called by routes and never reaches up to them; take what you need as a parameter. ${see}`,
  },
  ...Object.fromEntries(
    features.map((feature) => [
      `feature-${feature}-imports-other-features-through-public-modules`,
      {
        target: `app/features/${feature}`,
        from: [`${root}/app/features/!(${feature})/**`],
        except: [`${root}/app/features/*/public.ts`, `${root}/app/features/*/public.server.ts`],
        message: `Another feature is reached only through its public module (app/features/<name>/public.ts, or public.server.ts for server-only code); export what you need there, or move infrastructure to app/shared/. ${see}`,
      },
    ]),
  ),
  'public-module-stays-client-safe': {
    target: 'app/features/*/public.ts',
    from: [`${root}/app/**/*.server.{ts,tsx}`],
    message: `public.ts is imported by client code: server-only exports go into public.server.ts. ${see}`,
  },
  'routes-import-no-database': {
    target: ['app/routes', ...shell],
    from: ['app/db'],
    message: `Routes parse the request, call a feature function and render; queries belong in a feature. ${see}`,
  },
  'routes-import-no-platform-adapter': {
    target: ['app/routes', 'app/routes.ts'],
    from: ['app/platform'],
    except: ['./validation.ts', './berlin-date.ts', './cookies.ts'],
    message: `Routes reach outside systems through a feature; of app/platform/ they use only validation, berlin-date and cookies. ${see}`,
  },
  'platform-imports-no-app-code': {
    target: 'app/platform',
    from: [
      'app/features',
      'app/shared',
      'app/ui',
      'app/routes',
      ...shell,
      ...composition,
      'app/db/schema.ts',
      'app/db/seed',
      'app/i18n',
      'server',
    ],
    message: `app/platform/ wraps outside systems behind small interfaces and knows no feature, shared module or table; take tables and callbacks as parameters. ${see}`,
  },
  'db-imports-only-config': {
    target: 'app/db/*.ts',
    from: [
      'app/features',
      'app/shared',
      'app/ui',
      'app/routes',
      ...shell,
      ...composition,
      'app/db/seed',
      'app/platform',
      'app/i18n',
      'server',
    ],
    message: `The database client and schema import only configuration. ${see}`,
  },
  'seed-imports-no-feature': {
    target: 'app/db/seed',
    from: ['app/features', 'app/ui', 'app/routes', ...shell, ...composition, 'server'],
    message: `The seed writes rows with the database, shared and platform modules only; move what it needs out of the feature. ${see}`,
  },
  'i18n-imports-only-config': {
    target: 'app/i18n',
    from: [
      'app/features',
      'app/shared',
      'app/ui',
      'app/routes',
      ...shell,
      ...composition,
      'app/platform',
      'app/db',
      'server',
    ],
    message: `app/i18n/ (route table, catalogues, locale helpers) sits below everything that renders; it imports only configuration. ${see}`,
  },
  'config-imports-nothing-above': {
    target: 'app/config',
    from: [
      'app/features',
      'app/shared',
      'app/ui',
      'app/routes',
      ...shell,
      ...composition,
      'app/db',
      'app/i18n',
      'server',
    ],
    message: `app/config/ is the bottom layer. ${see}`,
  },
  'config-imports-only-validation-from-platform': {
    target: 'app/config',
    from: ['app/platform'],
    except: ['./validation.ts'],
    message: `app/config/ takes only zod (app/platform/validation.ts) from the platform. ${see}`,
  },
  'server-imports-no-feature': {
    target: 'server',
    from: ['app/features', 'app/routes', 'app/ui', 'app/root.tsx'],
    message: `server/ serves the build and the composition root (app/services.server.ts); it imports no feature, route or ui module. ${see}`,
  },
};

const checked = { files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'], ignores: ['**/*.test.ts', '**/*.test.tsx'] };
const restrictedPaths = ['error', { basePath: root, zones: Object.values(zones) }];

export const layerRules = [
  {
    ...checked,
    rules: {
      'import-x/no-restricted-paths': restrictedPaths,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
