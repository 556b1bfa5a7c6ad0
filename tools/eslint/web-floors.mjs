// ESLint plugin `web-floors`: the web app (apps/web/src) in three floors, imports only pointing down or sideways.
//
//   main.tsx                      the entry: may import anything
//   app/        (top)             App, routes, store, RouteGuard, SessionBoot, shell/: may import any file below
//   features/   (middle)          pages per domain: import shared/, i18n/, their own files, and other features only
//                                 through their index (features/<b> or features/<b>/index)
//   shared/     (bottom)          api, slices, typed hooks, the UI kit: imports shared/ and i18n/ only
//   i18n/       (under the floors) the translations: imports only i18n/
//
// Rule `web-floors/no-upward-import` with option `{ root: 'apps/web/src' }` (relative to the working directory):
// every relative import, export-from, import() and import('…') type of a file under root is resolved and checked;
// `import type` counts like any other import. Imports of packages (react, @kanban/contracts) are not its concern.
import path from 'node:path';

const RANK = { 'main.tsx': 4, app: 3, features: 2, shared: 1, i18n: 0 };
const FLOOR_OF_RANK = ['i18n/', 'shared/', 'features/', 'app/', 'main.tsx'];

/** The floor of a path relative to root ('app', 'features', 'shared', 'i18n', 'main.tsx') or null outside them. */
function floorOf(relative) {
  const first = relative.split('/')[0];
  return first in RANK ? first : null;
}

/** features/<name>/... -> name */
function featureOf(relative) {
  const parts = relative.split('/');
  return parts[0] === 'features' && parts.length > 1 ? parts[1] : null;
}

/** True for features/<b>, features/<b>/index and features/<b>/index.ts(x). */
function isFeatureIndex(relative) {
  const parts = relative.split('/');
  return parts.length === 2 || (parts.length === 3 && /^index(\.tsx?)?$/.test(parts[2]));
}

const noUpwardImport = {
  meta: {
    type: 'problem',
    docs: { description: 'apps/web/src: imports point down the floors app/ -> features/ -> shared/ (-> i18n/); features meet through their index' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: {
      upward: "{{from}} must not import {{to}} ('{{specifier}}'): the floors are app/ -> features/ -> shared/ -> i18n/, imports only point down.",
      deepFeature:
        "features/{{a}} imports features/{{b}} only through its index ('{{suggestion}}'), not '{{specifier}}': add what it needs to features/{{b}}/index.ts.",
      outside: "'{{specifier}}' leaves the floors (app/, features/, shared/, i18n/, main.tsx) of apps/web/src.",
    },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0].root);
    const filename = context.filename;
    const fromRelative = path.relative(root, filename).split(path.sep).join('/');
    if (fromRelative.startsWith('..') || path.isAbsolute(fromRelative)) return {};
    const fromFloor = floorOf(fromRelative);

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(filename), specifier)).split(path.sep).join('/');
      const toFloor = floorOf(target);
      if (!fromFloor || !toFloor || target.startsWith('..')) {
        if (fromFloor && !toFloor) context.report({ node, messageId: 'outside', data: { specifier } });
        return;
      }
      if (RANK[toFloor] > RANK[fromFloor]) {
        context.report({ node, messageId: 'upward', data: { from: FLOOR_OF_RANK[RANK[fromFloor]], to: FLOOR_OF_RANK[RANK[toFloor]], specifier } });
        return;
      }
      const [a, b] = [featureOf(fromRelative), featureOf(target)];
      if (fromFloor === 'features' && a && b && a !== b && !isFeatureIndex(target)) {
        const suggestion = path.relative(path.dirname(filename), path.join(root, 'features', b)).split(path.sep).join('/');
        context.report({ node, messageId: 'deepFeature', data: { a, b, specifier, suggestion } });
      }
    }

    const sourceOf = (node) => (node.source && node.source.type === 'Literal' ? node.source.value : undefined);
    return {
      ImportDeclaration: (node) => check(node.source, sourceOf(node)),
      ExportNamedDeclaration: (node) => node.source && check(node.source, sourceOf(node)),
      ExportAllDeclaration: (node) => check(node.source, sourceOf(node)),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // import('../app/store').RootState in a type position
      TSImportType: (node) => {
        const argument = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument;
        if (argument?.type === 'Literal') check(argument, argument.value);
      },
    };
  },
};

export default { meta: { name: 'web-floors' }, rules: { 'no-upward-import': noUpwardImport } };
