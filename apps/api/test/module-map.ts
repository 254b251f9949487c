import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The API's module table of docs/architecture.md, made from the code: each module under apps/api/src/modules, the
 * modules whose faces its files import (what it depends on), and what its face's `create<M>Module` returns to other
 * modules (its offers, without `name` and `plugin`). `architecture-map.test.ts` holds the document to it;
 * `npm run docs:modules` writes it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.resolve(here, '../src/modules');
export const architectureDoc = path.resolve(here, '../../../docs/architecture.md');
export const START =
  '<!-- module table: made by `npm run docs:modules`; a test fails when it differs from the code -->';
export const END = '<!-- end of module table -->';

export interface ModuleEntry {
  name: string;
  dependsOn: string[];
  offers: string[];
}

const filesOf = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? filesOf(path.join(dir, e.name))
        : /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The other modules whose face (`../<m>/<m>.module.ts`) one of this module's files imports or re-exports. */
function dependenciesOf(name: string): string[] {
  const found = new Set<string>();
  for (const file of filesOf(path.join(modulesDir, name))) {
    for (const statement of parse(file).statements) {
      const spec =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (!spec?.startsWith('.')) continue;
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), spec));
      const face = /^([^\\/]+)[\\/]\1\.module(\.ts)?$/.exec(target)?.[1];
      if (face && face !== name) found.add(face);
    }
  }
  return [...found].sort();
}

/** The property names of the object `create<M>Module` returns (directly, or through the variable it returns). */
function offersOf(name: string): string[] {
  const source = parse(path.join(modulesDir, name, `${name}.module.ts`));
  const create = source.statements.find(
    (s): s is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(s) && !!s.name && /^create\w+Module$/.test(s.name.text),
  );
  if (!create?.body) throw new Error(`modules/${name}/${name}.module.ts has no create…Module function`);
  const returned = create.body.statements.filter(ts.isReturnStatement).at(-1)?.expression;
  let object = returned && ts.isObjectLiteralExpression(returned) ? returned : undefined;
  if (returned && ts.isIdentifier(returned)) {
    for (const statement of create.body.statements.filter(ts.isVariableStatement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (
          ts.isIdentifier(declaration.name) &&
          declaration.name.text === returned.text &&
          declaration.initializer &&
          ts.isObjectLiteralExpression(declaration.initializer)
        )
          object = declaration.initializer;
      }
    }
  }
  if (!object) throw new Error(`modules/${name}/${name}.module.ts: create…Module does not return an object literal`);
  return object.properties
    .map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined))
    .filter((p): p is string => !!p && p !== 'name' && p !== 'plugin');
}

export function moduleEntries(): ModuleEntry[] {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(modulesDir, e.name, `${e.name}.module.ts`)))
    .map((e) => e.name)
    .sort()
    .map((name) => ({ name, dependsOn: dependenciesOf(name), offers: offersOf(name) }));
}

export function moduleTable(entries: ModuleEntry[] = moduleEntries()): string {
  const code = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');
  const rows = entries.map(
    (e) => `| ${e.name} | ${e.dependsOn.join(', ')} | ${e.offers.length ? code(e.offers) : 'routes only'} |`,
  );
  return [START, '| module | imports the faces of | offers other modules |', '|---|---|---|', ...rows, END].join('\n');
}

/** The table as the document holds it now (START to END), or undefined when the markers are missing. */
export function documentedTable(doc = fs.readFileSync(architectureDoc, 'utf8')): string | undefined {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  return start === -1 || end === -1 ? undefined : doc.slice(start, end + END.length);
}

// `npm run docs:modules`: writes the table into docs/architecture.md in place of the one there.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const doc = fs.readFileSync(architectureDoc, 'utf8');
  const current = documentedTable(doc);
  if (!current) throw new Error(`docs/architecture.md has no module table between its markers:\n${START}\n${END}`);
  fs.writeFileSync(architectureDoc, doc.replace(current, moduleTable()));
  process.stdout.write('docs/architecture.md: module table written\n');
}
