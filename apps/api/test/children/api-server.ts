import { startServer } from '../../src/server.ts';

/** Test child: the whole API (routes and job workers) as `npm start` runs it, on the environment given; says "ready <url>". */
const server = await startServer(process.env, { logger: false });
process.stdout.write(`ready ${server.url}\n`);
