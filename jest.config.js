// Unit specs beside the code; end-to-end specs in tests/e2e run once per mode (embedded, distributed).
const swcOptions = require('./tools/scripts/swc-options.cjs');
const tsconfig = require('./tsconfig.base.json');

const transform = { '^.+\\.ts$': ['@swc/jest', { ...swcOptions(), swcrc: false }] };
const moduleNameMapper = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target.replace(/^\.\//, '')}`]),
);
const common = { transform, moduleNameMapper, testEnvironment: 'node', rootDir: __dirname };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e-embedded',
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts', '<rootDir>/tests/embedded/**/*.e2e.ts'],
      setupFiles: ['<rootDir>/tests/support/mode-embedded.js'],
    },
    {
      ...common,
      displayName: 'e2e-distributed',
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts', '<rootDir>/tests/distributed/**/*.e2e.ts'],
      setupFiles: ['<rootDir>/tests/support/mode-distributed.js'],
      // one migrated and seeded template database per run, copied by each suite's system (tests/support/distributed-templates.js)
      globalSetup: '<rootDir>/tests/support/distributed-setup.js',
      globalTeardown: '<rootDir>/tests/support/distributed-teardown.js',
    },
  ],
};
