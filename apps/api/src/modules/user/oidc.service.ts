import type { AppDeps } from '../../deps.ts';
import type { OidcClaims } from '../../platform/auth/oidc-client.ts';
import type { Locale } from '@therapy/contracts/messages';
import { createSessionService, type IssuedSession, type SessionOrigin } from './session.service.ts';
import { userRepository, type UserRow } from './user.repository.ts';

export class OidcSignInError extends Error {}

/** Finds or creates the account of someone who signed in with Google (an `isSocial` account). */
export function createOidcService(deps: AppDeps) {
  const { db, clock } = deps;
  const sessions = createSessionService(deps);

  const findOrCreate = async (
    claims: OidcClaims,
    userType: 'client' | 'provider',
    locale: Locale,
  ): Promise<UserRow> => {
    const known = await userRepository.findIdentity(db, claims.issuer, claims.subject);
    // Operators sign in with email and password only (decision 0026): no social sign-in, and no linking to one.
    if (known?.userType === 'operator') throw new OidcSignInError('operators sign in with email and password');
    if (known) return known;
    // Without a verified address we could not tell whose account an email belongs to, so we do not sign in.
    if (!claims.email || !claims.emailVerified)
      throw new OidcSignInError('the provider did not confirm an email address');
    return db.transaction(async (tx) => {
      // The provider vouches for the address, so an existing account with it is the same person: link them.
      const existing = await userRepository.findLiveByEmail(tx, claims.email!);
      if (existing?.userType === 'operator') throw new OidcSignInError('operators sign in with email and password');
      const user =
        existing ??
        (await userRepository.insert(tx, {
          email: claims.email!,
          userType,
          isSocial: true,
          firstName: claims.givenName ?? null,
          lastName: claims.familyName ?? null,
          emailVerifiedAt: clock.now(),
          locale,
        }));
      if (existing && !existing.emailVerifiedAt)
        await userRepository.update(tx, existing.identifier, { emailVerifiedAt: clock.now() });
      await userRepository.insertIdentity(tx, user.identifier, claims.issuer, claims.subject);
      return user;
    });
  };

  return {
    async signIn(
      claims: OidcClaims,
      userType: 'client' | 'provider',
      locale: Locale,
      origin: SessionOrigin,
    ): Promise<IssuedSession> {
      return sessions.start(await findOrCreate(claims, userType, locale), origin);
    },
  };
}
