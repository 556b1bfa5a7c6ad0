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

/** ORM calls that query or write past the unit of work (persist and flush stay with the service's transaction). */
const ORM_QUERIES =
  '/^(find|findOne|findOneOrFail|findAll|findAndCount|findByCursor|count|nativeInsert|nativeUpdate|nativeDelete|insert|insertMany|upsert|upsertMany|createQueryBuilder|qb|getConnection|getKnex|getRepository|populate|lock|refresh)$/';
/** A string or template that starts like an SQL statement. */
const SQL_TEXT = '/^\\s*(select|insert into|update|delete from|with)\\s/i';

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
          allow: ['@kanban/app-identity', '@kanban/app-catalog', '@kanban/app-orders', '@kanban/app-supply', '@kanban/app-ingest', '@kanban/app-notifications', '@kanban/app-gateway', '@kanban/app-server'],
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
  // One data-access style (docs/architecture.md "Data access"): a service's queries live in its feature's
  // `*.repository.ts`; services keep the rules and call the repository. Every service with a database is listed.
  {
    files: ['apps/catalog/src/**/*.service.ts', 'apps/identity/src/**/*.service.ts', 'apps/orders/src/**/*.service.ts', 'apps/supply/src/**/*.service.ts', 'apps/notifications/src/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        ...noFocusedOrSkippedTests,
        { selector: "CallExpression[callee.property.name='execute']", message: 'SQL belongs in the feature repository (*.repository.ts), not in a service.' },
        {
          selector: `CallExpression[callee.object.name='em'][callee.property.name=${ORM_QUERIES}]`,
          message: 'Queries belong in the feature repository (*.repository.ts), not in a service.',
        },
        { selector: `TemplateElement[value.raw=${SQL_TEXT}], Literal[value=${SQL_TEXT}]`, message: 'SQL text belongs in the feature repository (*.repository.ts).' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kanban/persistence',
              importNames: [
                'queryBound',
                'insertRows',
                'reserveIds',
                'supplierVisible',
                'restrictedRowsCondition',
                'restrictedSides',
                'userRestrictedCondition',
                'userGrantedCondition',
              ],
              message: 'Statements run in the feature repository (*.repository.ts).',
            },
          ],
          patterns: [
            { group: ['@kanban/app-*'], message: 'Only the composition root (apps/server) and the tests import apps.' },
            { group: ['**/*.sql'], message: "A repository's SQL module is private to the repository." },
            { group: ['**/shared/access'], importNames: ['visibleCondition'], message: 'Restriction SQL is built in the repository (libs/persistence helpers).' },
          ],
        },
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
