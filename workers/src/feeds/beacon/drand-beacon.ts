import { setTimeout as sleepMs } from 'node:timers/promises';
import {
  DRAND_BEACON_LABEL,
  systemClock,
  type BeaconValue,
  type Clock,
  type RandomnessBeacon,
} from '@kabuto/schema/contracts';
import {
  QUICKNET,
  firstRoundAfter,
  quicknetRoundTime,
  verifyQuicknet,
} from '@kabuto/schema/lottery';

export const DRAND_RELAYS = ['https://api.drand.sh', 'https://drand.cloudflare.com'] as const;

export interface DrandBeaconOptions {
  /** Relay base URLs, tried in turn; the round's signature is verified whoever serves it. */
  relays?: readonly string[];
  fetch?: typeof fetch;
  clock?: Clock;
  sleep?: (ms: number) => Promise<unknown>;
  /** How long after the round's publication time to keep trying before giving up for now. */
  maxWaitMs?: number;
  retryMs?: number;
  requestTimeoutMs?: number;
}

/** No verified value for the round in time: transient, the draw job retries later. */
export class BeaconUnavailable extends Error {
  constructor(
    readonly round: number,
    readonly reason: string,
  ) {
    super(`drand quicknet round ${round}: no verified value (${reason})`);
    this.name = 'BeaconUnavailable';
  }
}

type Attempt = { value: BeaconValue } | { retry: string };

async function fetchRound(
  relay: string,
  round: number,
  options: Required<Pick<DrandBeaconOptions, 'fetch' | 'requestTimeoutMs'>>,
): Promise<Attempt> {
  const url = `${relay.replace(/\/+$/, '')}/${QUICKNET.chainHash}/public/${round}`;
  try {
    const response = await options.fetch(url, {
      signal: AbortSignal.timeout(options.requestTimeoutMs),
    });
    if (!response.ok) return { retry: `${relay}: HTTP ${response.status}` };
    const body = (await response.json()) as { round?: unknown; signature?: unknown };
    if (body.round !== round || typeof body.signature !== 'string') {
      return { retry: `${relay}: not round ${round}` };
    }
    const value = verifyQuicknet(round, body.signature);
    if (value === null) return { retry: `${relay}: signature does not verify` };
    const signature = body.signature.toLowerCase();
    return {
      value: { kind: 'drand-quicknet', round, value, signature, label: DRAND_BEACON_LABEL },
    };
  } catch (error) {
    return { retry: `${relay}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Live mode's beacon: the first drand quicknet round published after the close, fetched over
 * HTTP (`GET {relay}/{chain hash}/public/{round}`) and verified against the chain's public key
 * before it is returned. Waits for the round's time, then retries every `retryMs` across the
 * relays until `maxWaitMs` after it; then rejects with `BeaconUnavailable`.
 */
export function createDrandBeacon(options: DrandBeaconOptions = {}): RandomnessBeacon {
  const relays = options.relays ?? DRAND_RELAYS;
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? sleepMs;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const retryMs = options.retryMs ?? 1_000;
  const http = {
    fetch: options.fetch ?? fetch,
    requestTimeoutMs: options.requestTimeoutMs ?? 5_000,
  };
  return {
    kind: 'drand',
    async after(closeMs: number): Promise<BeaconValue> {
      const round = firstRoundAfter(closeMs);
      const publishedAt = quicknetRoundTime(round);
      const early = publishedAt - clock.nowMs();
      if (early > 0) await sleep(early);
      let reason = 'no relay configured';
      for (;;) {
        for (const relay of relays) {
          const attempt = await fetchRound(relay, round, http);
          if ('value' in attempt) return attempt.value;
          reason = attempt.retry;
        }
        if (clock.nowMs() + retryMs > publishedAt + maxWaitMs) {
          throw new BeaconUnavailable(round, reason);
        }
        await sleep(retryMs);
      }
    },
  };
}
