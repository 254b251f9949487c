import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { finishGoogleSignIn, startGoogleSignIn } from '@therapy/contracts/endpoints/auth';
import type { AppDeps } from '../../deps.ts';
import { createOidcClient, type OidcFlow } from '../../platform/auth/oidc-client.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import { createOidcService } from './oidc.service.ts';
import { refreshCookie } from './request-context.ts';

const FLOW_COOKIE = 'oidc_flow';
const FLOW_PATH = '/api/v1/user/oidc';

/** Only same-site paths: an open redirect after sign-in would hand the session page to someone else's site. */
export const safeRedirect = (value: string | undefined): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/overview';

const flowCookie = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  redirect: z.string(),
  userType: z.enum(['client', 'provider']),
});

/** "Sign in with Google" (OpenID Connect); registered only when OIDC_* is configured. */
export const oidcRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  if (!config.oidc) return;
  const client = createOidcClient({
    ...config.oidc,
    redirectUri: `${config.appOrigin}${FLOW_PATH}/google/callback`,
    allowInsecure: !config.isProduction,
  });
  const service = createOidcService(deps);
  const secure = config.appOrigin.startsWith('https://');

  route(app, startGoogleSignIn, async (req, reply) => {
    const { url, flow } = await client.begin().catch((err: unknown) => {
      req.log.error({ err }, 'OpenID provider unreachable');
      throw new AppError(503, 'INTERNAL_ERROR', 'internalError');
    });
    const value = JSON.stringify({
      ...flow,
      redirect: safeRedirect(req.query.redirect),
      userType: req.query.userType ?? 'client',
    });
    void reply.setCookie(FLOW_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: FLOW_PATH,
      maxAge: 600,
      signed: true,
    });
    return reply.redirect(url);
  });

  route(app, finishGoogleSignIn, async (req, reply) => {
    const failed = () => reply.redirect(`${config.appOrigin}/login?error=social`);
    const raw = req.cookies[FLOW_COOKIE];
    void reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
    const unsigned = raw ? req.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value || req.query.error) return failed();
    const parsed = flowCookie.safeParse(JSON.parse(unsigned.value));
    if (!parsed.success) return failed();
    const flow: OidcFlow = parsed.data;
    try {
      const claims = await client.finish(new URL(req.url, config.appOrigin), flow);
      const issued = await service.signIn(claims, parsed.data.userType, requestLocale(req), {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      refreshCookie.set(reply, issued.refreshToken, secure);
      return reply.redirect(`${config.appOrigin}/auth/complete?redirect=${encodeURIComponent(parsed.data.redirect)}`);
    } catch (err) {
      req.log.warn({ err }, 'social sign-in failed');
      return failed();
    }
  });
};
