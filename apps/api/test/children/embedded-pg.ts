import { startEmbeddedPostgres } from '../../src/db/embedded.ts';

/** Test child: starts the embedded PostgreSQL in argv[2] on port argv[3], says "ready", and waits to be killed. */
const [dir, port] = process.argv.slice(2);
await startEmbeddedPostgres(dir!, Number(port));
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);
