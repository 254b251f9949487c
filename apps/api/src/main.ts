import { ConfigError } from './config.ts';
import { startServer } from './server.ts';

/** `npm start`: the whole product on one port, with demo data outside production. */
async function main() {
  const server = await startServer();
  const lines = [`Therapy platform is running at ${server.url}`, `API docs: ${server.url}/api/docs`];
  if (!server.config.smtpUrl && !server.config.isProduction) lines.push(`Mail sent by the app: ${server.url}/dev/mailbox`);
  for (const a of server.demoAccounts) lines.push(`Demo ${a.userType}: ${a.email} / ${a.password}`);
  const demoProvider = server.demoAccounts.find((a) => a.userType === 'provider' && a.identifier);
  if (demoProvider) lines.push(`Demo therapist's page (calendar): ${server.url}/therapists/${demoProvider.identifier}/`);
  console.log(`\n${lines.join('\n')}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
