import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A server module uses another only through that module's index.ts (issue 15 item 6), so what a
 * module offers is one short file and the rest may change freely. Test fixtures (`*-fixtures.ts`)
 * build rows for other modules' tests and stay reachable.
 */
function serverModuleZones() {
  const root = 'apps/server/src/modules';
  const modules = fs
    .readdirSync(path.join(import.meta.dirname, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const open = (module) => [
    './index.ts',
    ...fs
      .readdirSync(path.join(import.meta.dirname, root, module))
      .filter((f) => /fixtures?\.ts$/.test(f))
      .map((f) => `./${f}`),
  ];
  return modules.flatMap((module) =>
    modules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `${root}/${module}`,
        from: `${root}/${other}`,
        except: open(other),
        message: `Use what ${other} offers through ${root}/${other}/index.ts.`,
      })),
  );
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      'apps/web/builds/**',
      '**/.react-router/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Decision 069: requests pass through unchanged, so on a client-side navigation request.url is
      // the router's `/path.data?…` fetch. The page's own address is the loader's `url`.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='URL'] > MemberExpression[object.name='request'][property.name='url']",
          message: "A loader's page address is its `url` argument (decision 069), not request.url.",
        },
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
          message:
            'Read a posted form with readForm (lib/form-post.server.ts): a post that is no form answers 400, not 500.',
        },
      ],
    },
  },
  {
    // Boundaries (STYLE.md): the domain package stays pure; features never import each other.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '@shop/server', '@shop/web', 'drizzle-orm*', 'react*'] },
      ],
    },
  },
  {
    // Imports name their .ts/.tsx file and there are no path aliases, so Node resolution finds every
    // module without the TypeScript resolver; @shop/domain resolves through its workspace symlink.
    files: ['apps/web/app/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Type-only imports vanish at build time, so no-cycle does not follow them; packages in
      // node_modules cannot import back into the repo, so they are not walked either.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['apps/web/app/features', 'apps/web/app/components', 'apps/web/app/lib', 'apps/web/app/api'],
              // root.tsx is a route module too; no-cycle skips type-only imports, so this zone is what
              // keeps shared code from typing itself off the root loader again (issue 15's cycle).
              from: ['apps/web/app/routes', 'apps/web/app/root.tsx'],
              message: 'Routes import features and shared code, never the reverse.',
            },
            {
              target: 'packages/domain',
              from: 'apps',
              message: 'The domain package stays free of the apps that use it.',
            },
            ...serverModuleZones(),
          ],
        },
      ],
    },
  },
  {
    // Issue 44 item 2: no source file over 450 lines, no function over 80 (blank lines and comments
    // aside). Tests, browser stories, seed data and migrations are exempt: a story or a table of
    // cases reads best whole.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/e2e/**', 'apps/server/src/db/seed/**'],
    rules: {
      'max-lines': ['error', { max: 450 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '**/*.mjs', '**/e2e/**', '**/*.config.ts', 'apps/server/src/db/seed/cli.ts'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
      },
    },
    rules: { 'no-console': 'off' },
  },
  {
    // autocannon's worker threads require() request hooks by path: CommonJS by necessity.
    files: ['bench/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
