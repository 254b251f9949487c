import { z } from 'zod';
import { m } from './messages/index.ts';

/**
 * One place the user is signed in (a session: a refresh-token family), as their list of devices shows it. `device` is
 * a readable "Firefox on Windows 10" (in the request's language) made from the browser's user agent at sign-in (null when it said nothing useful);
 * `ipAddress` is the sign-in's address (there is no geo database, so no city: decision 0036).
 */
export const signedInSession = z.object({
  identifier: z.uuid(),
  createdAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  device: z.string().nullable(),
  /** The session of the request that asked: "This device". */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;

/** A made-up id is not found, like another user's session: nothing tells them apart. */
export const sessionParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

/** POST /user/activity: when the server last counted the person as active (it counts at most every 30 s). */
export const activityRecorded = z.object({ lastActiveAt: z.iso.datetime() });
export type ActivityRecorded = z.infer<typeof activityRecorded>;

/** The idle windows of GET /app-config: minutes without activity after which each user type is signed out. */
export const idleSignOutMinutes = z.object({
  client: z.number().int(),
  provider: z.number().int(),
  operator: z.number().int(),
});
export type IdleSignOutMinutes = z.infer<typeof idleSignOutMinutes>;
