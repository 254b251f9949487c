import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

export interface LocalOidcOptions {
  /** Where the provider sends the browser back with the code: `${appUrl}/api/v1/user/oidc/google/callback`. */
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
  /**
   * openid-client v6 authenticates with client_secret_post when it is given a secret and nothing else; an
   * oidc-provider client accepts exactly one method, so the method is a knob (E2E_OIDC_AUTH_METHOD).
   */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
}

/**
 * The person a test signs in as. The test types a login into the provider's page: an email address is used as is,
 * any other word becomes `<word>@oidc.example.test`. Names come from the local part so a journey can look for them.
 */
export function claimsFor(login: string) {
  const email = login.includes('@') ? login.trim().toLowerCase() : `${login.trim().toLowerCase()}@oidc.example.test`;
  const local = email.split('@')[0] ?? 'user';
  const word = local.replace(/[^a-z]/gi, '') || 'User';
  return {
    // oidc-provider makes the account id (the login typed) the subject: stable per login, like Google's sub.
    sub: login,
    email,
    email_verified: true,
    given_name: word.charAt(0).toUpperCase() + word.slice(1, 20).toLowerCase(),
    family_name: 'Google',
  };
}

/**
 * A real OpenID Connect provider (oidc-provider 9) on a free loopback port standing in for Google in the browser
 * journeys: authorization code flow with PKCE S256, the quick-start login page (any login, any password), and consent
 * granted up front so the browser goes straight back to the app after signing in.
 */
export async function startOidcProvider(opts: LocalOidcOptions): Promise<LocalOidcProvider> {
  const clientId = opts.clientId ?? 'therapy-e2e';
  const clientSecret = opts.clientSecret ?? crypto.randomBytes(24).toString('hex');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>),
    kid: 'e2e',
    use: 'sig',
    alg: 'RS256',
  };

  const configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: opts.tokenEndpointAuthMethod ?? 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // Put the claims into the ID token too, whether or not the client calls the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // The login typed on the provider's page is the account id; the claims derive from it.
    async findAccount(_ctx: unknown, login: string) {
      return { accountId: login, claims: async () => claimsFor(login) };
    },
    // The test user always agrees: consent is granted on first use so the journey skips the consent page.
    async loadExistingGrant(ctx: OidcContext) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><title>OIDC error</title><main><h1>OIDC error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre></main></html>`;
    },
  };

  // The quick-start warnings (in-memory adapter, dev interactions) are what this test double is; keep them out of the log.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider')) warn(...args);
  };
  let provider: Provider;
  try {
    provider = new Provider(issuer, configuration);
  } finally {
    console.warn = warn;
  }
  const callback = provider.callback();
  server.on('request', (req, res) => {
    callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface OidcContext {
  oidc: {
    result?: { consent?: { grantId?: string } };
    session: { accountId: string; grantIdFor: (clientId: string) => string | undefined };
    client: { clientId: string };
    provider: { Grant: OidcGrantClass };
  };
}
interface OidcGrant {
  addOIDCScope: (scope: string) => void;
  save: () => Promise<string>;
}
interface OidcGrantClass {
  new (init: { clientId: string; accountId: string }): OidcGrant;
  find: (id: string) => Promise<OidcGrant | undefined>;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
