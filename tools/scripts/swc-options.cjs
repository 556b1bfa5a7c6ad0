// One SWC configuration for the build and for jest: decorators with metadata (NestJS, MikroORM),
// CommonJS output, and the workspace path aliases rewritten to relative imports.
const path = require('node:path');
const root = path.resolve(__dirname, '../..');
const tsconfig = require(path.join(root, 'tsconfig.base.json'));

module.exports = function swcOptions() {
  return {
    sourceMaps: true,
    module: { type: 'commonjs', strictMode: true },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
      baseUrl: root,
      paths: Object.fromEntries(Object.entries(tsconfig.compilerOptions.paths).map(([k, v]) => [k, v.map((p) => p.replace(/^\.\//, ''))])),
    },
  };
};
module.exports.root = root;
