import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { layerRules } from './eslint.layers.js';

const linkMessage = "Link with AppLink, AppNavLink or PageLink from '~/ui/components/' (the link builder).";
const zodImports = ['zod', 'zod/mini', 'zod/v4', 'zod/v4/mini', 'zod/v4/classic'].map((name) => ({
  name,
  message: "Import { z } from '~/platform/validation' (configured for our CSP, one API for every schema).",
}));

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', 'data/', '.react-router/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      // A rest sibling leaves out what it names: that is its use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Schemas take zod from app/platform/validation.ts, which configures it for our CSP before any schema is built.
    // Links go through the link builder (AppLink, AppNavLink, PageLink in app/ui/components/), which carries the
    // travelling query values and keeps a web view one (docs/decisions/0027-one-link-builder.md).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/platform/validation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...zodImports, { name: 'react-router', importNames: ['Link', 'NavLink'], message: linkMessage }],
          patterns: [{ group: ['**/router-link'], message: linkMessage }],
        },
      ],
    },
  },
  {
    // The link builder itself with the router's link under it, and the locale switch, which keeps the whole query
    // (docs/rules/content-and-navigation.md#locales-and-paths).
    files: [
      'app/ui/components/app-link.tsx',
      'app/ui/components/router-link.tsx',
      'app/ui/components/router-link.test.tsx',
      'app/ui/components/locale-switch.tsx',
    ],
    rules: {
      'no-restricted-imports': ['error', { paths: zodImports }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript settings of import-x (extensions and parser, so no-cycle follows .ts and .tsx modules),
      // resolving `~/` through tsconfig.json's paths.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
  },
  ...layerRules,
);
