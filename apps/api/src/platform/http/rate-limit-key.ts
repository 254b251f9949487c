import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/** The bucket of requests that come with no address at all (see below); they share one limit rather than none. */
export const NO_ADDRESS_KEY = 'no-address';

/**
 * The per-address flood guard's key: the caller's address as @fastify/rate-limit's own default makes it (IPv6 by
 * /64, IPv4-mapped as IPv4). A request can arrive with no address: over a Unix socket (a proxy in front), or when the
 * client's connection closed before the limiter ran, Node reports `remoteAddress` as undefined, and the plugin's
 * default key threw on it (a 500 "unhandled error"). Then the socket's own address, else one shared bucket.
 */
export function rateLimitKey(req: Pick<FastifyRequest, 'ip' | 'socket'>): string {
  const address = req.ip || req.socket?.remoteAddress;
  return address ? normalizeIP(address) : NO_ADDRESS_KEY;
}
