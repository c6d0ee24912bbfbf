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
 */
export interface BankTransferProvider {
  send(transfer: BankTransfer): Promise<{ reference: string }>;
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
