import { Refusal } from '@kabuto/schema/contracts';
import {
  earlierAnswer,
  hashRequest,
  isUniqueViolation,
  runIdempotent,
  writeTransaction,
  type Db,
} from '@kabuto/schema/db';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { configValue } from '../common/public.ts';
import { loadUserSecurity } from '../kyc/public.ts';
import { checkChannelPassword } from '../security/public.ts';
import { cleanImage, storeImage } from '../uploads/public.ts';
import { insertUpload } from '../uploads/public.ts';
import { spendUploadAttempt } from '../uploads/public.ts';
import {
  activeChannelRecords,
  depositsOf,
  hasPendingDeposit,
  insertDeposit,
  type DepositChannelRecord,
} from './deposits.repository.ts';
import { parsePositiveAmount, requireVerified } from './fund-checks.ts';

/** DESIGN.md section 6: `deposit_max_single` (config) caps every deposit; a channel may cap lower. */
const DEFAULT_DEPOSIT_MAX = 10_000_000_000n;

/** A channel with its per-transfer cap lowered to the configured one. */
type Channel = DepositChannelRecord;

/** The configured cap in major units; each channel converts it to its currency's minor units. */
async function depositMaxMajor(db: Db): Promise<bigint> {
  const value = await configValue(db, 'deposit_max_single');
  return value && /^\d{1,15}$/.test(value) ? BigInt(value) : DEFAULT_DEPOSIT_MAX;
}

export async function activeChannels(db: Db): Promise<Channel[]> {
  const maxMajor = await depositMaxMajor(db);
  return (await activeChannelRecords(db)).map((channel) => {
    const cap = maxMajor * 10n ** BigInt(scaleOf(channel.currency));
    return {
      ...channel,
      maxSingleMinor: channel.maxSingleMinor < cap ? channel.maxSingleMinor : cap,
    };
  });
}

async function findChannel(db: Db, channelId: number): Promise<Channel> {
  const channel = (await activeChannels(db)).find((c) => c.id === channelId);
  if (!channel) throw new Refusal('not_found');
  return channel;
}

function channelSummary(channel: Channel) {
  return {
    channel_id: String(channel.id),
    name: channel.name,
    names: channel.names,
    currency: channel.currency,
    max_single: formatScaled(channel.maxSingleMinor, scaleOf(channel.currency)),
  };
}

export async function listChannels(db: Db) {
  return (await activeChannels(db)).map(channelSummary);
}

/**
 * `fund/channel`: the receiving bank details, only for a verified user who gives the channel
 * password issued to their inbox when verification passed; five wrong tries lock it for 15 minutes.
 */
export async function openChannel(
  deps: GatewayDeps,
  userId: number,
  channelId: number,
  channelPassword: string,
) {
  await requireVerified(deps.db, userId);
  const channel = await findChannel(deps.db, channelId);
  const security = await loadUserSecurity(deps.db, userId);
  await checkChannelPassword(deps, userId, security.channelPasswordHash, channelPassword);
  return {
    ...channelSummary(channel),
    bank_name: channel.bankName,
    branch_name: channel.branchName,
    account_name: channel.accountName,
    account_number: channel.accountNumber,
    transfer_reference: security.transferReference,
  };
}

async function refuseWhilePending(db: Db, userId: number): Promise<void> {
  if (await hasPendingDeposit(db, userId)) throw new Refusal('deposit_pending');
}

type DepositAnswer = {
  readonly deposit_id: string;
  readonly status: string;
  readonly currency: string;
  readonly amount: string;
  readonly transfer_reference: string;
};

/** The amount in the channel's currency, refused over the channel's per-transfer cap. */
function depositAmount(channel: Channel, amount: string): bigint {
  const minor = parsePositiveAmount(amount, channel.currency);
  if (minor > channel.maxSingleMinor) {
    throw new Refusal('deposit_limit_exceeded', {
      max: formatScaled(channel.maxSingleMinor, scaleOf(channel.currency)),
    });
  }
  return minor;
}

interface PendingDeposit {
  readonly userId: number;
  readonly channel: Channel;
  readonly amount: bigint;
  readonly transferReference: string;
  readonly stored: { readonly storedName: string };
  readonly image: Parameters<typeof insertUpload>[1]['image'];
  readonly nowMs: number;
}

/** Stores the proof and the pending deposit in the caller's transaction (one pending per user). */
async function insertPendingDeposit(trx: Db, deposit: PendingDeposit): Promise<DepositAnswer> {
  const { userId, channel, amount, transferReference, nowMs } = deposit;
  await refuseWhilePending(trx, userId);
  const proofId = await insertUpload(trx, {
    userId,
    purpose: 'deposit_proof',
    storedName: deposit.stored.storedName,
    image: deposit.image,
    nowMs,
  });
  const depositId = await insertDeposit(trx, {
    userId,
    channelId: channel.id,
    currency: channel.currency,
    amount,
    transferReference,
    proofUploadId: proofId,
    nowMs,
  });
  return {
    deposit_id: String(depositId),
    status: 'pending',
    currency: channel.currency,
    amount: formatScaled(amount, scaleOf(channel.currency)),
    transfer_reference: transferReference,
  };
}

/**
 * `fund/deposit`: the user says they sent `amount` through a channel and uploads the transfer
 * proof. The deposit waits for review; nothing is credited until a reviewer approves it.
 */
export async function requestDeposit(
  deps: GatewayDeps,
  userId: number,
  input: { channel_id: number; amount: string; request_id: string },
  proof: Buffer | undefined,
  ip: string,
) {
  await requireVerified(deps.db, userId);
  const channel = await findChannel(deps.db, input.channel_id);
  const amount = depositAmount(channel, input.amount);
  const requestHash = hashRequest({
    call: 'fund/deposit',
    channel: input.channel_id,
    amount: String(amount),
  });
  const key = { userId, requestId: input.request_id, requestHash };
  const earlier = await earlierAnswer<DepositAnswer>(deps.db, key);
  if (earlier) return earlier;
  await refuseWhilePending(deps.db, userId);
  await spendUploadAttempt(deps, userId, ip);
  const image = await cleanImage('proof', proof);
  const stored = await storeImage(deps.config.dataDir, image);
  const { transferReference } = await loadUserSecurity(deps.db, userId);
  const nowMs = deps.clock.nowMs();
  const deposit = { userId, channel, amount, transferReference, stored, image, nowMs };
  try {
    // Under the user lock, a retry sent at the same time waits for the first and replays its answer.
    const answer = await writeTransaction(
      deps.db,
      async (trx) => {
        return runIdempotent(trx, { ...key, nowMs }, async () => {
          const answer = await insertPendingDeposit(trx, deposit);
          const payload = { reason: 'deposit_requested' as const, ...answer };
          const change = { userId, event: 'fund:updated' as const, payload };
          await announceInTransaction(deps, trx, change, 'deposit_requested');
          return answer;
        });
      },
      { lockUser: userId },
    );
    if (answer.replayed) await stored.discard(); // a concurrent retry won: its proof is the one kept
    return answer;
  } catch (error) {
    await stored.discard();
    if (isUniqueViolation(error)) throw new Refusal('deposit_pending'); // a parallel deposit won the race
    throw error;
  }
}

export async function listDeposits(db: Db, userId: number) {
  return (await depositsOf(db, userId)).map((d) => ({
    deposit_id: String(d.id),
    status: d.status,
    currency: d.currency,
    amount: formatScaled(d.amount, scaleOf(d.currency)),
    reason: d.reason,
    created_at: d.createdAtMs,
    reviewed_at: d.reviewedAtMs,
    proof_upload_id: String(d.proofUploadId),
  }));
}
