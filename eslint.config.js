import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { layerRules } from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', 'data/', '.react-router/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Schemas take zod from app/platform/validation.ts, which configures it for our CSP before any schema is built.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/platform/validation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from '~/platform/validation' (CSP-safe configuration)." }] },
      ],
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
