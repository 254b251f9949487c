import { describe, expect, it } from 'vitest';
import {
  requireAccess,
  requireLiveAccount,
  requireRole,
  requireUser,
  type Actor,
  type Permission,
  type Resource,
} from './access.ts';

const actor = (userId: string, userType: Actor['userType']): Actor => ({ userId, userType, sessionId: 's' });
const client = actor('c1', 'client');
const provider = actor('p1', 'provider');
const otherClient = actor('c2', 'client');
const otherProvider = actor('p2', 'provider');
const operator = actor('o1', 'operator');

const status = (fn: () => unknown): number => {
  try {
    fn();
    return 200;
  } catch (err) {
    return (err as { statusCode: number }).statusCode;
  }
};

describe('the access core', () => {
  it('no actor: 401 everywhere; a wrong role: 403', () => {
    expect(status(() => requireUser(null))).toBe(401);
    expect(status(() => requireRole(undefined, 'client'))).toBe(401);
    expect(status(() => requireAccess(null, 'read', { kind: 'owned', ownerId: 'c1' }))).toBe(401);
    expect(status(() => requireRole(provider, 'client'))).toBe(403);
    expect(status(() => requireRole(client, 'client', 'provider'))).toBe(200);
    expect(status(() => requireLiveAccount(client, undefined))).toBe(401);
    expect(status(() => requireLiveAccount(client, { id: 1 }, 'provider'))).toBe(403);
    expect(requireLiveAccount(client, { id: 1 }, 'client')).toEqual({ id: 1 });
  });

  const booking: Resource = { kind: 'booking', clientId: 'c1', providerId: 'p1' };
  const note: Resource = { kind: 'note', authorId: 'p1' };
  const chat: Resource = { kind: 'conversation', participantIds: ['c1', 'p1'] };
  const review: Resource = { kind: 'operator' };
  const cases: Array<[string, Actor, Permission, Resource | undefined, number]> = [
    ['the owner reads their own object', client, 'read', { kind: 'owned', ownerId: 'c1' }, 200],
    ["someone else's object is not found", otherClient, 'read', { kind: 'owned', ownerId: 'c1' }, 404],
    ['a missing object is not found', client, 'read', undefined, 404],
    ["a booking's client", client, 'act', booking, 200],
    ["a booking's provider", provider, 'act', booking, 200],
    ['another client, on that booking', otherClient, 'read', booking, 404],
    ['another provider, on that booking', otherProvider, 'act', booking, 404],
    ['an operator reads a booking', operator, 'read', booking, 200],
    ['an operator does not act on one', operator, 'act', booking, 404],
    ["a note's author", provider, 'update', note, 200],
    ["the note's client (health data: the author only)", client, 'read', note, 404],
    ['an operator, on a note', operator, 'read', note, 404],
    ['a participant of a chat', client, 'read', chat, 200],
    ['someone outside the chat', otherProvider, 'read', chat, 404],
    ['an operator reviews', operator, 'review', review, 200],
    ['a provider reviews', provider, 'review', review, 404],
  ];
  it.each(cases)('%s', (_name, who, permission, resource, expected) => {
    expect(status(() => requireAccess(who, permission, resource))).toBe(expected);
  });
});
