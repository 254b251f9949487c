/** Stops the API (and with it PostgreSQL), the OIDC provider, the SMTP sink, and removes the data folder. */
export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__therapyE2eStack;
  globalThis.__therapyE2eStack = undefined;
  await stack?.close();
}
