import * as oidc from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  allowInsecure: boolean;
}

export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** OpenID Connect (authorization code + PKCE) through `openid-client`; discovery is cached and retried on failure. */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // Only a local provider in development or tests speaks plain http; production requires https.
        execute: settings.allowInsecure ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    async begin(): Promise<{ url: string; flow: OidcFlow }> {
      const cfg = await configuration();
      const flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow };
    },

    async finish(currentUrl: URL, flow: OidcFlow): Promise<OidcClaims> {
      const cfg = await configuration();
      const tokens = await oidc.authorizationCodeGrant(cfg, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: str(claims.email)?.toLowerCase(),
        emailVerified: claims.email_verified === true,
        givenName: str(claims.given_name),
        familyName: str(claims.family_name),
      };
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
