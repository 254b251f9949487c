import { InMemoryProvider, OpenFeature, type Client } from '@openfeature/server-sdk';

/**
 * The one flags service (issue 16; spec §7 "Other": "The feature flag service is called for flags"). Flags are read
 * through OpenFeature's server SDK, so a hosted flag service is a provider swap, not a code change; today the provider
 * is in memory, filled from `FLAGS` (a JSON object of booleans) over the known flags' defaults.
 */
export const knownFlags = {
  /** Spec §6: the home page lists therapists (and fetches the state list) only when this is on. */
  therapist_listing_on_homepage: false,
} as const satisfies Record<string, boolean>;
export type FlagName = keyof typeof knownFlags;

export interface Flags {
  isEnabled(flag: FlagName): Promise<boolean>;
  /** Every known flag with its value, for the web app (GET /app-config). */
  all(): Promise<Record<string, boolean>>;
}

export async function createFlags(configured: Record<string, boolean>): Promise<Flags> {
  const values = { ...knownFlags, ...configured };
  const provider = new InMemoryProvider(
    Object.fromEntries(
      Object.entries(values).map(([key, on]) => [
        key,
        { variants: { on: true, off: false }, defaultVariant: on ? 'on' : 'off', disabled: false },
      ]),
    ),
  );
  // One domain for this app instance: tests build several apps in one process, each with its own flags.
  const domain = `therapy-${Math.random().toString(36).slice(2)}`;
  await OpenFeature.setProviderAndWait(domain, provider);
  const client: Client = OpenFeature.getClient(domain);
  const isEnabled = (flag: string) => client.getBooleanValue(flag, knownFlags[flag as FlagName] ?? false);
  return {
    isEnabled,
    async all() {
      const names = Object.keys(values);
      return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await isEnabled(name)] as const)));
    },
  };
}
