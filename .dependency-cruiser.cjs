// Cycle check over apps/ and libs/ (`npm run cycles`, a step of `npm test` after lint), with dependency-cruiser.
// Two runs, since the web app resolves with its own tsconfig (bundler resolution, DOM) and the rest with
// tsconfig.base.json (the @kanban/* paths, nodenext):
//   depcruise --config .dependency-cruiser.cjs --ts-config tsconfig.base.json --exclude '^apps/web/' apps libs
//   depcruise --config .dependency-cruiser.cjs --ts-config apps/web/tsconfig.json apps/web/src
// A cycle is one of modules loaded at run time: imports that are erased (`import type`, or all-type named imports) are
// cruised (tsPreCompilationDeps) but do not close a cycle. Four such type-only loops are known and allowed: an
// interface beside the factory of its implementations (libs/images/src/blob-store.ts with the folder, NATS and S3
// stores) and libs/contracts' orders.ts <-> order-events.ts. The web app's floors (app/ -> features/ -> shared/)
// are a lint rule (tools/eslint/web-floors.mjs), not repeated here.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not reach itself through its imports: break the cycle by moving the shared part down.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|tmp)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      // .ts sources first; the web app's .tsx; json (locales) as leaves
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
