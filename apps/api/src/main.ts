import { ConfigError } from './config.ts';
import { startServer } from './server.ts';

/** `npm start`: the whole product on one port, with demo data outside production. */
async function main() {
  const server = await startServer();
  // APP_ORIGIN is where mails and payments send people back: the one address to use (other loopback names redirect to it).
  const origin = new URL(server.config.appOrigin).port === '0' ? server.url : server.config.appOrigin;
  const lines = [
    `Therapy platform is running at ${origin}`,
    `Open ${origin} in your browser (links in mails and payments return to this address).`,
    `API docs: ${origin}/api/docs`,
  ];
  if (!server.config.smtpUrl && !server.config.isProduction) lines.push(`Mail sent by the app: ${origin}/dev/mailbox`);
  for (const a of server.demoAccounts) lines.push(`Demo ${a.userType}: ${a.email} / ${a.password}`);
  const demoProvider = server.demoAccounts.find((a) => a.userType === 'provider' && a.identifier);
  if (demoProvider) lines.push(`Demo therapist's page (calendar): ${origin}/therapists/${demoProvider.identifier}/`);
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
