// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Where an import points, as an absolute path with a trailing separator (relative and `@/` web paths only). */
function importTarget(context, spec) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(context.filename), spec) + path.sep;
  if (spec.startsWith('@/')) return path.join(context.cwd, 'apps/web/src', spec.slice(2)) + path.sep;
  return undefined;
}

/**
 * Web layers (issue 12, bulletproof-react's one-way zones): `lib/` and `components/` sit below the features, so they
 * never import one; what a feature and a lower layer share moves down. `app/` composes features and may.
 */
const webLayersRule = {
  meta: { type: 'problem', messages: { upward: '{{layer}}/ must not import a feature ("{{spec}}"): move what they share into lib/ or components/.' } },
  create(context) {
    const layer = /[\\/]apps[\\/]web[\\/]src[\\/](lib|components)[\\/]/.exec(context.filename)?.[1];
    if (!layer) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = importTarget(context, spec);
      if (target && /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]/.test(target)) context.report({ node, messageId: 'upward', data: { layer, spec } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * Kebab-case file names (DESIGN.md §3): every dot-separated part of the name is lower-case words joined by hyphens, so
 * `slot-picker-model.ts`, `auth.routes.ts`, `i18n-resources.d.ts` and `amount-step.test.tsx` pass, `slotPicker.ts`
 * and `Slot_picker.tsx` do not.
 */
const kebabCaseFileNamesRule = {
  meta: { type: 'problem', messages: { name: 'File name "{{name}}" is not kebab-case (e.g. "{{suggestion}}").' } },
  create(context) {
    const name = path.basename(context.filename);
    const part = /^[a-z0-9]+(-[a-z0-9]+)*$/;
    if (name.split('.').every((p) => part.test(p))) return {};
    const suggestion = name
      .split('.')
      .map((p) => p.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[_\s]+/g, '-').toLowerCase())
      .join('.');
    return { Program: (node) => context.report({ node, loc: { line: 1, column: 0 }, messageId: 'name', data: { name, suggestion } }) };
  },
};

/**
 * DESIGN.md §3 as lint rules: web features do not import each other; lib/ and components/ never import a feature;
 * kebab-case file names. (Drizzle-only-in-repositories is the no-restricted-imports block below; import cycles,
 * type-only ones included, are checked by dpdm in `npm run lint`.)
 */
const architecture = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', messages: { cross: 'Feature "{{from}}" must not import feature "{{to}}": move what they share to components/ or lib/.' } },
      create(context) {
        const featureOf = (file) => /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
        const from = featureOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          let target;
          if (spec.startsWith('.')) target = path.resolve(path.dirname(context.filename), spec) + path.sep;
          else if (spec.startsWith('@/')) target = path.join(context.cwd, 'apps/web/src', spec.slice(2)) + path.sep;
          const to = target && featureOf(target);
          if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
    'web-layers': webLayersRule,
    'kebab-case-file-names': kebabCaseFileNamesRule,
  },
};

/**
 * The API's seams (issue 12) as lint rules, checked on every import, export-from and dynamic import (types too):
 * - `module-faces`: a file in modules/<a>/ reaches another module only through its public face, modules/<b>/<b>.module.ts;
 * - `layer-zones`: one-way zones: db/ never imports platform/ or modules/; platform/ never imports modules/.
 */
const apiSrc = (cwd) => path.join(cwd, 'apps/api/src') + path.sep;
const apiTarget = (context, spec) => {
  if (typeof spec !== 'string' || !spec.startsWith('.')) return undefined;
  return path.resolve(path.dirname(context.filename), spec);
};
const importChecks = (check) => ({
  ImportDeclaration: (node) => check(node, node.source.value),
  ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
  ExportAllDeclaration: (node) => check(node, node.source.value),
  ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
});
const apiArchitecture = {
  rules: {
    'module-faces': {
      meta: {
        type: 'problem',
        messages: { face: 'Module "{{from}}" may use module "{{to}}" only through its public face modules/{{to}}/{{to}}.module.ts (not {{file}}).' },
      },
      create(context) {
        const root = apiSrc(context.cwd);
        const moduleOf = (file) => (file.startsWith(root) ? /^modules[\\/]([^\\/]+)[\\/]/.exec(file.slice(root.length))?.[1] : undefined);
        const from = moduleOf(context.filename);
        if (!from) return {};
        return importChecks((node, spec) => {
          const target = apiTarget(context, spec);
          const to = target && moduleOf(target);
          if (!to || to === from) return;
          const face = path.join(root, 'modules', to, `${to}.module.ts`);
          if (target !== face) context.report({ node, messageId: 'face', data: { from, to, file: path.relative(root, target) } });
        });
      },
    },
    'layer-zones': {
      meta: {
        type: 'problem',
        messages: { zone: '{{from}}/ must not import {{to}}/ ({{file}}): the API\'s zones point one way, modules -> platform -> db.' },
      },
      create(context) {
        const root = apiSrc(context.cwd);
        const zoneOf = (file) => (file.startsWith(root) ? /^(db|platform|modules)[\\/]/.exec(file.slice(root.length))?.[1] : undefined);
        const forbidden = { db: ['platform', 'modules'], platform: ['modules'], modules: [] };
        const from = zoneOf(context.filename);
        if (!from) return {};
        return importChecks((node, spec) => {
          const target = apiTarget(context, spec);
          const to = target && zoneOf(target);
          if (to && forbidden[from].includes(to)) context.report({ node, messageId: 'zone', data: { from, to, file: path.relative(root, target) } });
        });
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['.worktrees/**', '**/node_modules/**', '**/dist/**', '**/dist-server/**', '**/.data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/**', 'apps/api/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only db/ and *.repository.ts files may use Drizzle (DESIGN.md §3).' },
            { group: ['pg'], message: 'Only db/ talks to PostgreSQL directly.' },
            { group: ['**/db/schema/*'], message: 'Tables are a repository concern: go through a *.repository.ts.' },
          ],
        },
      ],
    },
  },
  {
    // Only the drivers' documented APIs (issue 43, decision 0046): no private fields of node-postgres or Drizzle.
    files: ['apps/api/src/**/*.ts', 'apps/api/test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name=/^(_result|_results|_rowMode|_types|_parsers|_queryable|_ending|_connected|_txStatus|_queryQueue|_activeQuery)$/]",
          message: "A library's private field: use its documented API (decision 0046).",
        },
        { selector: "MemberExpression[object.property.name='connection'][property.name='stream']", message: "node-postgres' socket is its own: use its documented API (decision 0046)." },
        { selector: "MemberExpression[object.property.name='_'][property.name='session']", message: "Drizzle's session is its own: use its documented API (decision 0046)." },
      ],
    },
  },
  {
    // The API's module faces and one-way zones (issue 12); test files are held to them too.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'api-architecture': apiArchitecture },
    rules: {
      'api-architecture/module-faces': 'error',
      'api-architecture/layer-zones': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, architecture },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'architecture/no-cross-feature-imports': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@therapy/api', '@therapy/api/*'], message: 'The web app talks to the API over HTTP only.' }] },
      ],
    },
  },
  {
    // Web layers: lib/ and components/ below the features (issue 12).
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    plugins: { architecture },
    rules: { 'architecture/web-layers': 'error' },
  },
  {
    // Kebab-case file names for every source file (issue 12).
    files: ['apps/*/src/**/*.{ts,tsx,js,mjs}', 'packages/*/src/**/*.{ts,tsx,js,mjs}', 'e2e/**/*.{ts,tsx,js,mjs}', 'bench/**/*.{ts,tsx,js,mjs}'],
    plugins: { architecture },
    rules: { 'architecture/kebab-case-file-names': 'error' },
  },
  {
    files: ['apps/api/src/main.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
