// Strict, type-aware lint for server code, tests and the web app, with Nx module boundaries enforced by tags:
// a service never imports another service; the web app imports only libraries free of server code.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import webFloors from './tools/eslint/web-floors.mjs';

const noFocusedOrSkippedTests = [
  'error',
  { selector: "CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name='only']", message: 'No focused tests.' },
  { selector: "CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name='skip']", message: 'No skipped tests.' },
  { selector: 'CallExpression[callee.name=/^(fdescribe|fit|xdescribe|xit|xtest)$/]', message: 'No focused or skipped tests.' },
];

export default [
  { ignores: ['dist/**', 'node_modules/**', 'tmp/**', 'test-results/**', '**/migrations/Migration*.ts', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['**/*.ts'],
    ignores: ['apps/web/**'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx, '@typescript-eslint': tseslint.plugin },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // Nx forbids importing apps at all; the composition root (apps/server) and the tests must import
          // the services. Everyone else is kept from doing so by the no-restricted-imports block below.
          allow: ['@kanban/app-identity', '@kanban/app-catalog', '@kanban/app-orders', '@kanban/app-supply', '@kanban/app-gateway', '@kanban/app-server'],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            { sourceTag: 'scope:service', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            { sourceTag: 'scope:composition', onlyDependOnLibsWithTags: ['scope:service', 'scope:gateway', 'scope:server', 'scope:shared'] },
            { sourceTag: 'scope:test', onlyDependOnLibsWithTags: ['scope:composition', 'scope:server', 'scope:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': noFocusedOrSkippedTests,
    },
  },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: ['apps/server/**', 'apps/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kanban/app-*'], message: 'Only the composition root (apps/server) and the tests import apps.' }] },
      ],
    },
  },
  // The web app (React, Vite): type-aware with its own tsconfig (DOM, JSX, bundler resolution); it may import
  // only scope:shared libraries (@kanban/access, @kanban/contracts), never server code or apps.
  // eslint-plugin-react-hooks is not installed, so rules-of-hooks is not checked here.
  // web-floors (tools/eslint/web-floors.mjs): apps/web/src in floors app/ -> features/ -> shared/; an import never points
  // up, and a feature imports another only through its index (docs/architecture.md "Web app: three floors").
  {
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: false, project: ['./apps/web/tsconfig.json'], tsconfigRootDir: import.meta.dirname, ecmaFeatures: { jsx: true } },
    },
    plugins: { '@nx': nx, '@typescript-eslint': tseslint.plugin, 'web-floors': webFloors },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, depConstraints: [{ sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'] }] },
      ],
      'web-floors/no-upward-import': ['error', { root: 'apps/web/src' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['@kanban/app-*'], message: 'The web app never imports apps.' }] }],
      'no-restricted-syntax': noFocusedOrSkippedTests,
    },
  },
];
