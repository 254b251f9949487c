// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { resolveImport } from './resolve-import.js';

/**
 * DESIGN.md §3 as lint rules. Each judges every import, export-from and dynamic import (types too) by the file it
 * resolves to (relative, `@/` and workspace package names alike: `resolve-import.js`), so no spelling of a path gets
 * round a rule. `apps/api/test/lint-boundaries.test.ts` plants each forbidden kind and expects its error.
 */

/** Calls `check(node, spec)` for every way a file can name another. */
const importChecks = (check) => ({
  ImportDeclaration: (node) => check(node, node.source.value),
  ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
  ExportAllDeclaration: (node) => check(node, node.source.value),
  ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
});

const under = (root, file) => (file.startsWith(root) ? file.slice(root.length) : undefined);
const apiSrc = (cwd) => path.join(cwd, 'apps/api/src') + path.sep;
const webSrc = (cwd) => path.join(cwd, 'apps/web/src') + path.sep;

/** A file in modules/<a>/ reaches another module only through its public face, modules/<b>/<b>.module.ts. */
const moduleFaces = {
  meta: {
    type: 'problem',
    messages: {
      face: 'Module "{{from}}" may use module "{{to}}" only through its public face modules/{{to}}/{{to}}.module.ts (not {{file}}).',
    },
  },
  create(context) {
    const root = apiSrc(context.cwd);
    const moduleOf = (file) => /^modules[\\/]([^\\/]+)([\\/]|$)/.exec(under(root, file) ?? '')?.[1];
    const from = moduleOf(context.filename);
    if (!from) return {};
    return importChecks((node, spec) => {
      const target = resolveImport(context, spec);
      const to = target && moduleOf(target);
      if (!to || to === from) return;
      if (target !== path.join(root, 'modules', to, `${to}.module`)) {
        context.report({ node, messageId: 'face', data: { from, to, file: path.relative(root, target) } });
      }
    });
  },
};

/**
 * Tables belong to one module each (apps/api/src/db/schema/owners.json): a file of modules/<m>/ imports the tables of
 * a schema file only when <m> owns it, platform/ only the platform's; anyone may import a schema file's views (its
 * `pgView`s, the read models the owner declares) and the shared reference lists. db/ itself (seed, migrations) may use
 * every table, and nobody outside db/ imports the schema's index. `pending` in owners.json names the reads across
 * owners not yet replaced; they pass, and only they.
 */
const tableOwners = {
  meta: {
    type: 'problem',
    messages: {
      owner:
        '{{from}} must not use {{names}} of db/schema/{{file}}.ts (owned by {{owner}}): read what {{owner}} declares (a view or function of its schema file), or ask its face.',
      index: 'Import the owning schema file (db/schema/<file>.ts), not the index: each table has one owner.',
    },
  },
  create(context) {
    const root = apiSrc(context.cwd);
    const inside = under(root, context.filename);
    if (inside === undefined || /^db[\\/]/.test(inside)) return {};
    const from =
      /^modules[\\/]([^\\/]+)[\\/]/.exec(inside)?.[1] ?? (/^platform[\\/]/.test(inside) ? 'platform' : undefined);
    if (!from) return {};
    const ownership = schemaOwnership(context.cwd);
    const pending = ownership.pending[inside.split(path.sep).join('/')] ?? [];
    return importChecks((node, spec) => {
      const target = resolveImport(context, spec);
      const file = target && /^db[\\/]schema[\\/]([^\\/]+)$/.exec(under(root, target) ?? '')?.[1];
      if (!file || file === 'columns') return;
      if (file === 'index') return context.report({ node, messageId: 'index' });
      const owner = ownership.owners[file];
      if (owner === from || ownership.sharedForReading.includes(file)) return;
      const views = viewsOf(path.join(root, 'db', 'schema', `${file}.ts`));
      const names = (node.specifiers ?? [])
        .map((s) => s.imported?.name ?? s.local?.name)
        .filter((n) => n && !views.has(n) && !pending.includes(n));
      if (names.length > 0)
        context.report({
          node,
          messageId: 'owner',
          data: { from, names: names.join(', '), file, owner: owner ?? 'nobody (add it to owners.json)' },
        });
    });
  },
};

const ownershipCache = new Map();
function schemaOwnership(cwd) {
  let found = ownershipCache.get(cwd);
  if (!found) {
    found = JSON.parse(fs.readFileSync(path.join(apiSrc(cwd), 'db', 'schema', 'owners.json'), 'utf8'));
    ownershipCache.set(cwd, found);
  }
  return found;
}
/**
 * The read models a schema file declares: its exported `pgView`s, and its exported functions (a subquery over the
 * owner's tables that another module's statement reads in its own round trip, e.g. `busyTimes`, `effectiveFee`).
 * Tables and enums are `export const ... = pgTable(`/`pgEnum(`, never functions.
 */
function viewsOf(file) {
  if (!fs.existsSync(file)) return new Set();
  const text = fs.readFileSync(file, 'utf8');
  return new Set([
    ...[...text.matchAll(/^export const (\w+) = pgView\(/gm)].map((m) => m[1]),
    ...[...text.matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]),
  ]);
}

/**
 * Ownership is decided by the access core (platform/auth/access.ts, issue 44): a module's service or route that
 * compares an owner's id (`row.authorId !== actor.userId`) and throws not-found decides it by hand, which drifts from
 * the rules every other object follows. It says `requireAccess` / `requireAccessTo` with the object's `Resource`.
 */
const ownerFields = /^(userId|identifier|clientId|providerId|senderId|authorId|ownerId)$/;
const accessCore = {
  meta: {
    type: 'problem',
    messages: {
      hand: "Ownership by hand ({{name}} compared, then not found): use requireAccess / requireAccessTo of platform/auth/access.ts with the object's Resource.",
    },
  },
  create(context) {
    const inside = under(apiSrc(context.cwd), context.filename);
    if (inside === undefined || !/^modules[\\/]/.test(inside) || /\.(repository|test)\.ts$/.test(inside)) return {};
    const isNotFound = (node) =>
      node?.type === 'ThrowStatement' &&
      node.argument?.type === 'CallExpression' &&
      node.argument.callee.type === 'MemberExpression' &&
      node.argument.callee.object.type === 'Identifier' &&
      node.argument.callee.object.name === 'AppError' &&
      node.argument.callee.property.name === 'notFound';
    const throwsNotFound = (node) =>
      isNotFound(node) || (node?.type === 'BlockStatement' && node.body.some((statement) => isNotFound(statement)));
    const ownerName = (node) => {
      if (node.type === 'MemberExpression' && !node.computed && ownerFields.test(node.property.name))
        return node.property.name;
      if (node.type === 'Identifier' && node.name === 'userId') return node.name;
      return undefined;
    };
    const askers = /^(actor|me|viewer|user|userId|signedIn)$/;
    const asker = (node) =>
      (node.type === 'Identifier' && askers.test(node.name)) ||
      (node.type === 'MemberExpression' && asker(node.object));
    const comparedOwner = (node) => {
      if (!node) return undefined;
      switch (node.type) {
        case 'BinaryExpression':
          // An owner's id against the one who asks (actor, me, viewer, user, userId): an access decision.
          if (!['===', '!==', '==', '!='].includes(node.operator)) return undefined;
          if (asker(node.right)) return ownerName(node.left);
          if (asker(node.left)) return ownerName(node.right);
          return undefined;
        case 'LogicalExpression':
          return comparedOwner(node.left) ?? comparedOwner(node.right);
        case 'UnaryExpression':
        case 'ChainExpression':
          return comparedOwner(node.argument ?? node.expression);
        default:
          return undefined;
      }
    };
    return {
      IfStatement(node) {
        if (!throwsNotFound(node.consequent)) return;
        const name = comparedOwner(node.test);
        if (name) context.report({ node, messageId: 'hand', data: { name } });
      },
    };
  },
};

/** One-way zones: db/ never imports platform/ or modules/; platform/ never imports modules/. */
const layerZones = {
  meta: {
    type: 'problem',
    messages: {
      zone: "{{from}}/ must not import {{to}}/ ({{file}}): the API's zones point one way, modules -> platform -> db.",
    },
  },
  create(context) {
    const root = apiSrc(context.cwd);
    const zoneOf = (file) => /^(db|platform|modules)[\\/]/.exec(under(root, file) ?? '')?.[1];
    const forbidden = { db: ['platform', 'modules'], platform: ['modules'], modules: [] };
    const from = zoneOf(context.filename);
    if (!from) return {};
    return importChecks((node, spec) => {
      const target = resolveImport(context, spec);
      const to = target && zoneOf(target);
      if (to && forbidden[from].includes(to))
        context.report({ node, messageId: 'zone', data: { from, to, file: path.relative(root, target) } });
    });
  },
};

/**
 * A package's own files name each other by relative paths: its name and `exports` are for other packages (bench and
 * e2e use the API's), and an import by name would pass through a door meant for them.
 */
const noOwnPackageName = {
  meta: {
    type: 'problem',
    messages: { own: 'Inside {{pkg}}, import "{{spec}}" by its relative path, not by the package name.' },
  },
  create(context) {
    const own = [
      ['apps/api', '@therapy/api'],
      ['apps/web', '@therapy/web'],
      ['packages/contracts', '@therapy/contracts'],
    ].find(([dir]) => context.filename.startsWith(path.join(context.cwd, dir) + path.sep));
    if (!own) return {};
    const [, pkg] = own;
    return importChecks((node, spec) => {
      if (typeof spec === 'string' && (spec === pkg || spec.startsWith(`${pkg}/`)))
        context.report({ node, messageId: 'own', data: { pkg, spec } });
    });
  },
};

/** Web features do not import each other; what two features share moves to components/ or lib/. */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    messages: {
      cross: 'Feature "{{from}}" must not import feature "{{to}}": move what they share to components/ or lib/.',
    },
  },
  create(context) {
    const root = webSrc(context.cwd);
    const featureOf = (file) => /^features[\\/]([^\\/]+)([\\/]|$)/.exec(under(root, file) ?? '')?.[1];
    const from = featureOf(context.filename);
    if (!from) return {};
    return importChecks((node, spec) => {
      const target = resolveImport(context, spec);
      const to = target && featureOf(target);
      if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
    });
  },
};

/**
 * Web layers (bulletproof-react's one-way zones): `lib/` and `components/` sit below the features, so they never
 * import one; `app/` composes features and may. And nothing under apps/web/src reaches outside it by a relative path
 * (the API is reached over HTTP, the contracts by their package name).
 */
const webLayers = {
  meta: {
    type: 'problem',
    messages: {
      upward: '{{layer}}/ must not import a feature ("{{spec}}"): move what they share into lib/ or components/.',
      outside: 'The web app must not reach outside apps/web/src by a relative path ("{{spec}}").',
    },
  },
  create(context) {
    const root = webSrc(context.cwd);
    const inside = under(root, context.filename);
    if (inside === undefined) return {};
    const layer = /^(lib|components)[\\/]/.exec(inside)?.[1];
    return importChecks((node, spec) => {
      const target = resolveImport(context, spec);
      if (!target) return;
      if (typeof spec === 'string' && spec.startsWith('.') && !target.startsWith(root)) {
        context.report({ node, messageId: 'outside', data: { spec } });
      } else if (layer && /^features([\\/]|$)/.test(under(root, target) ?? '')) {
        context.report({ node, messageId: 'upward', data: { layer, spec } });
      }
    });
  },
};

/**
 * Kebab-case file names (DESIGN.md §3): every dot-separated part of the name is lower-case words joined by hyphens, so
 * `slot-picker-model.ts`, `auth.routes.ts`, `i18n-resources.d.ts` and `amount-step.test.tsx` pass, `slotPicker.ts`
 * and `Slot_picker.tsx` do not.
 */
const kebabCaseFileNames = {
  meta: { type: 'problem', messages: { name: 'File name "{{name}}" is not kebab-case (e.g. "{{suggestion}}").' } },
  create(context) {
    const name = path.basename(context.filename);
    const part = /^[a-z0-9]+(-[a-z0-9]+)*$/;
    if (name.split('.').every((p) => part.test(p))) return {};
    const suggestion = name
      .split('.')
      .map((p) =>
        p
          .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
          .replace(/[_\s]+/g, '-')
          .toLowerCase(),
      )
      .join('.');
    return {
      Program: (node) =>
        context.report({ node, loc: { line: 1, column: 0 }, messageId: 'name', data: { name, suggestion } }),
    };
  },
};

export const architecture = {
  rules: {
    'no-cross-feature-imports': noCrossFeatureImports,
    'web-layers': webLayers,
    'kebab-case-file-names': kebabCaseFileNames,
    'no-own-package-name': noOwnPackageName,
  },
};

export const apiArchitecture = {
  rules: {
    'module-faces': moduleFaces,
    'layer-zones': layerZones,
    'table-owners': tableOwners,
    'access-core': accessCore,
  },
};
