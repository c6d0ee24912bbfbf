import type { RefusalKey } from './msg-keys.ts';

/**
 * An operational refusal: the request was understood and refused for a published rule.
 * Thrown by the shared write paths and by services; the gateway turns it into the envelope.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';
  constructor(
    readonly msg: RefusalKey,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}
