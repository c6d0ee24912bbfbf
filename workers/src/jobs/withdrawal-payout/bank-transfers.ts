import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { systemClock, type Clock } from '@kabuto/schema/contracts';

export interface BankTransfer {
  /** The same key always means the same transfer: a provider sends it at most once. */
  readonly idempotencyKey: string;
  readonly currency: string;
  readonly amount: string;
  readonly bankName: string;
  readonly branchCode: string;
  readonly accountType: string;
  readonly accountNumber: string;
  readonly holderKana: string;
}

/**
 * The bank-transfer vendor (zengin payouts through a partner bank in production). `send` returns
 * the provider's reference; sending a key again returns the first reference and moves no money.
 * It rejects with:
 * - a `Refusal` when the bank refused this transfer for good (the withdrawal ends `failed`);
 * - `TransferKeyInFlight` when the provider is still working on an earlier call with the same key
 *   (Stripe's `idempotency_key_in_use`): the transfer may yet go out, so this is never a refusal;
 * - anything else for a transient failure (network, outage, `TransferTimedOut`).
 */
export interface BankTransferProvider {
  send(transfer: BankTransfer): Promise<{ reference: string }>;
}

/**
 * The provider is still processing another call with this idempotency key. An adapter maps its
 * vendor's answer for that (e.g. Stripe's `idempotency_key_in_use`) to this, never to a `Refusal`:
 * the withdrawal stays `sending` and is retried once the first call has answered.
 */
export class TransferKeyInFlight extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`transfer ${idempotencyKey} is still in flight at the provider`);
    this.name = 'TransferKeyInFlight';
  }
}

/**
 * How long a payout waits for the bank before giving up for now (the withdrawal stays `sending`).
 * Well within the claim lease (`PAYOUT_CLAIM_LEASE_MS`), so a claim is never taken over while its
 * own bank call may still be waiting.
 */
export const PAYOUT_BANK_TIMEOUT_MS = 60_000;

/** The bank did not answer within the timeout; the transfer may or may not have gone out. */
export class TransferTimedOut extends Error {
  constructor(
    readonly idempotencyKey: string,
    readonly timeoutMs: number,
  ) {
    super(`transfer ${idempotencyKey}: no answer from the bank within ${timeoutMs} ms`);
    this.name = 'TransferTimedOut';
  }
}

/** `provider.send`, rejected with `TransferTimedOut` when the bank has not answered in time. */
export function sendWithin(
  provider: BankTransferProvider,
  transfer: BankTransfer,
  timeoutMs: number = PAYOUT_BANK_TIMEOUT_MS,
): Promise<{ reference: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TransferTimedOut(transfer.idempotencyKey, timeoutMs)),
      timeoutMs,
    );
  });
  return Promise.race([provider.send(transfer), timedOut]).finally(() => clearTimeout(timer));
}

interface Sent extends BankTransfer {
  readonly reference: string;
  readonly sentAt: number;
}

/**
 * The local bank: writes each transfer once to a JSON-lines file (`data/bank-transfers.jsonl`)
 * and answers a repeated key with the first reference, as a real provider's idempotency key does.
 */
export function createLocalBankTransfers(
  file: string,
  clock: Clock = systemClock,
): BankTransferProvider {
  const sentBefore = (key: string): Sent | undefined => {
    if (!existsSync(file)) return undefined;
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Sent)
      .find((sent) => sent.idempotencyKey === key);
  };
  return {
    send(transfer) {
      const earlier = sentBefore(transfer.idempotencyKey);
      if (earlier) return Promise.resolve({ reference: earlier.reference });
      const sent: Sent = {
        ...transfer,
        reference: `LB${randomBytes(6).toString('hex').toUpperCase()}`,
        sentAt: clock.nowMs(),
      };
      appendFileSync(file, `${JSON.stringify(sent)}\n`, { mode: 0o600 });
      return Promise.resolve({ reference: sent.reference });
    },
  };
}
