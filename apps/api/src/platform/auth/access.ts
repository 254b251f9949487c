import { AppError } from '../errors.ts';
import type { AccessClaims } from './tokens.ts';

/**
 * The one access core (issue 12; immich's `requireAccess` is the model). Every answer about who may do what is decided
 * here, so it is the same everywhere:
 * - no signed-in actor (no token, a bad one, an ended session): 401 `UNAUTHORIZED_ACCESS`;
 * - the wrong kind of user for the operation (a client on a provider route): 403 `FORBIDDEN`;
 * - someone else's object, or one that does not exist: 404 `NOT_FOUND` (its existence is never revealed).
 * Routes use it through the `requireAuth` / `requireRole` decorators (platform/auth/plugin.ts), services call it on
 * their first line.
 */

export type Actor = AccessClaims;
export type Role = Actor['userType'];

/** No valid token or session: the one 401 (also what the token check in plugin.ts throws). */
export function notSignedIn(): never {
  throw AppError.unauthorized();
}

/** The signed-in actor, or 401. */
export function requireUser(actor: Actor | null | undefined): Actor {
  return actor ?? notSignedIn();
}

/** The signed-in actor if it is one of these roles: 401 without one, 403 for another role. */
export function requireRole(actor: Actor | null | undefined, ...roles: readonly Role[]): Actor {
  const signedIn = requireUser(actor);
  if (!roles.includes(signedIn.userType)) throw AppError.forbidden();
  return signedIn;
}

/**
 * The actor's own live account (or whatever the caller loaded for `actor.userId`): the account may have ended since
 * the token was checked (deleted, session revoked in a race), which is the same answer as no session at all, 401.
 * With `roles`, the actor must also be one of them (403).
 */
export function requireLiveAccount<T>(
  actor: Actor | null | undefined,
  account: T | undefined,
  ...roles: readonly Role[]
): T {
  if (roles.length > 0) requireRole(actor, ...roles);
  else requireUser(actor);
  return account ?? notSignedIn();
}

/**
 * What an object is to access checks: who it belongs to, in the relations the platform knows. Services map their
 * rows to one of these (they never pass rows here, so this file knows no table).
 */
export type Resource =
  /** Anything one user owns: their account, wallet, payments, profile, availability. */
  | { kind: 'owned'; ownerId: string }
  /**
   * A booking (or what hangs on one: a questionnaire, a review): its client and its provider are its two parties; an
   * operator may read it. With `as`, the operation is that side's alone (a client's review, a provider's note), and
   * only that party has access.
   */
  | { kind: 'booking'; clientId: string; providerId: string; as?: 'client' | 'provider' }
  /**
   * A client's record at a provider (notes about them, their questionnaires, their file): only that provider. The
   * caller passes it only when a booking or an import links the two, and `undefined` (404) when nothing does.
   */
  | { kind: 'care'; providerId: string }
  /** A session or client note: health data, only its author (the provider who wrote it). */
  | { kind: 'note'; authorId: string }
  /** A chat: its participants. */
  | { kind: 'conversation'; participantIds: readonly string[] }
  /** Operator work (e.g. reviewing a provider's verification): no user owns it. */
  | { kind: 'operator' };

type Relation = 'owner' | 'booking-party' | 'carer' | 'note-author' | 'participant' | 'operator';

/** Which relation grants which permission. A permission not listed for a relation is refused (as "not found"). */
const grants = {
  read: ['owner', 'booking-party', 'carer', 'note-author', 'participant', 'operator'],
  update: ['owner', 'booking-party', 'carer', 'note-author', 'participant', 'operator'],
  delete: ['owner', 'carer', 'note-author', 'participant'],
  /** Cancel, reschedule, accept, write about: the parties of a booking act on it, a provider on their client's record. */
  act: ['owner', 'booking-party', 'carer'],
  /** Operator decisions (verification review). */
  review: ['operator'],
} as const satisfies Record<string, readonly Relation[]>;

export type Permission = keyof typeof grants;

/** The relations the actor has to the resource. Notes are never readable by an operator: they are health data. */
export function relationsOf(actor: Actor, resource: Resource): Relation[] {
  const me = actor.userId;
  switch (resource.kind) {
    case 'owned':
      return resource.ownerId === me ? ['owner'] : [];
    case 'booking':
      if (resource.as) return resource[`${resource.as}Id`] === me ? ['booking-party'] : [];
      return resource.clientId === me || resource.providerId === me
        ? ['booking-party']
        : actor.userType === 'operator'
          ? ['operator']
          : [];
    case 'care':
      return resource.providerId === me && actor.userType === 'provider' ? ['carer'] : [];
    case 'note':
      return resource.authorId === me ? ['note-author'] : [];
    case 'conversation':
      return resource.participantIds.includes(me) ? ['participant'] : [];
    case 'operator':
      return actor.userType === 'operator' ? ['operator'] : [];
  }
}

/** Does the actor hold the permission on the resource? (For lists that filter rather than refuse.) */
export function hasAccess(actor: Actor, permission: Permission, resource: Resource): boolean {
  const allowed: readonly Relation[] = grants[permission];
  return relationsOf(actor, resource).some((r) => allowed.includes(r));
}

/**
 * Access first: 401 without an actor; 404 when the object is missing (`undefined`, as a repository returns it) or the
 * actor has no relation to it that grants the permission. Someone else's object answers exactly like a missing one.
 */
export function requireAccess(
  actor: Actor | null | undefined,
  permission: Permission,
  resource: Resource | undefined,
): asserts resource is Resource {
  const signedIn = requireUser(actor);
  if (!resource || !hasAccess(signedIn, permission, resource)) throw AppError.notFound();
}

/**
 * `requireAccess` on a row: the row back when the actor holds the permission on what `resourceOf` makes of it, else
 * the same 401/404. For services that load an object and then act on it.
 */
export function requireAccessTo<T>(
  actor: Actor | null | undefined,
  permission: Permission,
  row: T | undefined,
  resourceOf: (row: T) => Resource | undefined,
): T {
  requireAccess(actor, permission, row === undefined ? undefined : resourceOf(row));
  return row!;
}

/** A booking as the access core sees it; with `as`, only that side of it (decision above: `Resource`). */
export const bookingOf = (b: { clientId: string; providerId: string }, as?: 'client' | 'provider'): Resource => ({
  kind: 'booking',
  clientId: b.clientId,
  providerId: b.providerId,
  ...(as ? { as } : {}),
});

/**
 * Something nobody owns (a public provider, a reference list, a link's token) that may be missing: 404 when it is.
 * Whatever has an owner goes through `requireAccess` instead, so who may see it is decided in one place.
 */
export function requireFound<T>(value: T | undefined | null): asserts value is T {
  if (value === undefined || value === null) throw AppError.notFound();
}
