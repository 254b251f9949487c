// `npm run operator:create -- EMAIL`: creates an operator account in the app's database (decision 0026), with the same
// DATA_DIR as `npm start`, and prints its one-time password.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const child = spawn(process.execPath, [tsx, 'src/scripts/create-operator.ts', ...process.argv.slice(2)], {
  cwd: path.join(root, 'apps/api'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? '.data') },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
