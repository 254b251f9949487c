import type { FastifyInstance } from 'fastify';
import type { DemoAccount } from './db/seed/seed-demo.ts';

/**
 * Demo questionnaires (issue 20), made through the app's own routes like the demo notes: the demo provider has sent
 * the demo client three PHQ-9s, which she answered (the scores fall from moderate to minimal, so the client page shows
 * a chart), and a GAD-7 before every session, so her next session's questionnaire waits for her. Once only: a provider
 * who has sent the demo client any questionnaire is left alone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { data: any };

/** What the access log shows as the device of the demo set-up's reads and writes. */
const DEMO_AGENT = 'Therapy Finder demo set-up';

/** The first answer has item 9 at 1 (issue 47): the provider's overview shows a risk answer to see. */
const PHQ9_ROUNDS = [
  [2, 2, 1, 2, 1, 1, 2, 1, 1],
  [1, 1, 1, 2, 1, 1, 1, 0, 0],
  [1, 0, 1, 1, 0, 0, 1, 0, 0],
];

export async function seedDemoMeasures(
  app: FastifyInstance,
  accounts: DemoAccount[],
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const client = accounts.find((a) => a.userType === 'client');
  const provider = accounts.find((a) => a.userType === 'provider');
  if (!client?.identifier || !provider) return;
  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { 'user-agent': DEMO_AGENT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300)
      throw new Error(`demo measures: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as Answer;
  };
  const signIn = async (who: DemoAccount) =>
    (await call('POST', '/user/login', undefined, { email: who.email, password: who.password })).data
      .accessToken as string;
  try {
    const providerToken = await signIn(provider);
    const relation = await app.inject({
      method: 'GET',
      url: `/api/v1/clients/relation/${client.identifier}`,
      headers: { 'user-agent': DEMO_AGENT, authorization: `Bearer ${providerToken}` },
    });
    if (relation.statusCode !== 200) return;
    if ((await call('GET', `/measures?clientIdentifier=${client.identifier}`, providerToken)).data.length > 0) return;
    const clientToken = await signIn(client);
    for (const answers of PHQ9_ROUNDS) {
      const sent = await call('POST', '/measures', providerToken, {
        clientIdentifier: client.identifier,
        kind: 'PHQ9',
      });
      await call('POST', `/measures/${sent.data.measures[0].identifier as string}/answers`, clientToken, { answers });
    }
    await call('POST', '/measures', providerToken, {
      clientIdentifier: client.identifier,
      kind: 'GAD7',
      schedule: 'before-each-session',
    });
  } catch (err) {
    log.warn({ err }, 'demo questionnaires were not made');
  }
}
