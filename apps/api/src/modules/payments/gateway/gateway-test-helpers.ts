import { expect } from 'vitest';
import { GatewayError } from './payment-gateway.ts';

/** The GatewayError a gateway call rejects with (fails the test when it resolves or rejects with anything else). */
export async function gatewayError(p: Promise<unknown>): Promise<GatewayError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}
