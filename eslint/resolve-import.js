// @ts-check
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where an import points, as an absolute path without its extension, or undefined for a package outside the
 * repository. Every kind of specifier the repository uses is resolved before a rule judges it:
 * - relative (`./x.ts`, `../wallet/wallet.module.ts`);
 * - the web app's alias `@/` (apps/web/src);
 * - a workspace package by name (`@therapy/api/...`, `@therapy/contracts/...`), through that package's own `exports`
 *   map, as Node and TypeScript resolve it. A subpath the package does not export resolves to nothing here (and
 *   fails typecheck and at run time).
 */
export function resolveImport(context, spec) {
  if (typeof spec !== 'string') return undefined;
  if (spec.startsWith('.')) return withoutExtension(path.resolve(path.dirname(context.filename), spec));
  if (spec.startsWith('@/')) return withoutExtension(path.join(context.cwd, 'apps/web/src', spec.slice(2)));
  const workspace = workspacePackages(context.cwd).find((p) => spec === p.name || spec.startsWith(`${p.name}/`));
  if (!workspace) return undefined;
  const target = exportTarget(workspace.exports, `.${spec.slice(workspace.name.length)}`);
  return target && withoutExtension(path.join(workspace.dir, target));
}

/** `x.module.ts`, `x.module.js` and `x.module` are one file to the rules. */
export function withoutExtension(file) {
  return file.replace(/\.(ts|tsx|js|jsx|mjs|cjs)$/, '');
}

/** The file an `exports` map gives a subpath: an exact key first, then `*` patterns (the longest prefix wins). */
export function exportTarget(exports, subpath) {
  if (!exports || typeof exports !== 'object') return undefined;
  if (typeof exports[subpath] === 'string') return exports[subpath];
  const patterns = Object.keys(exports)
    .filter((key) => key.includes('*'))
    .sort((a, b) => b.indexOf('*') - a.indexOf('*'));
  for (const key of patterns) {
    const [prefix, suffix] = key.split('*');
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= prefix.length + suffix.length) {
      const star = subpath.slice(prefix.length, subpath.length - suffix.length);
      const value = exports[key];
      if (typeof value === 'string') return value.replace('*', star);
    }
  }
  return undefined;
}

const cache = new Map();
/** The workspaces of the root package.json, each with its name, folder and exports. */
function workspacePackages(cwd) {
  let found = cache.get(cwd);
  if (found) return found;
  const root = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));
  found = (root.workspaces ?? []).flatMap((dir) => {
    const file = path.join(cwd, dir, 'package.json');
    if (!fs.existsSync(file)) return [];
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    return [{ name: pkg.name, dir: path.join(cwd, dir), exports: pkg.exports }];
  });
  cache.set(cwd, found);
  return found;
}
