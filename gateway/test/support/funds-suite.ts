import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { redisKeys } from '@kabuto/schema/contracts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './test-gateway.ts';
import { jpeg, multipart, reviewer } from './funds-helpers.ts';

// The funds test files share one shape: a gateway per file with a reviewer and a demo deposit
// channel, and the helpers that read what a refusal must leave alone.
export let t: TestGateway;
/** The gateway's clock runs this far ahead of the wall clock (TOTP steps without waiting). */
let clockOffsetMs = 0;
export function setClockOffset(ms: number): void {
  clockOffsetMs = ms;
}
export let review: Awaited<ReturnType<typeof reviewer>>;
let ids = 0;
export const requestId = () => `funds-req-${String((ids += 1)).padStart(6, '0')}`;
export const NAME = {
  name_kanji: '山田 太郎',
  name_kana: 'ヤマダ タロウ',
  id_number: '123456789012',
  document_type: 'my_number',
};
export const CARD = {
  holder_kana: 'ヤマダ タロウ',
  bank_name: 'みずほ銀行',
  branch_name: '東京営業部',
  branch_code: '001',
  card_type: 'ordinary',
  account_number: '1234567',
};

export let photo: Buffer;
export const photos = () => ({
  front: { bytes: photo, name: 'front.jpg' },
  back: { bytes: photo, name: 'back.jpg' },
});

export const db = () => t.testDb.db;
export const userIdOf = async (s: Session) =>
  Number(
    (
      await db()
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', s.account)
        .executeTakeFirstOrThrow()
    ).id,
  );
export const balance = async (s: Session, kind: string, currency: string) => {
  const row = await db()
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `u:${await userIdOf(s)}`)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance ?? 0n;
};
export const count = async (
  table:
    'journal' | 'kyc_submission' | 'upload' | 'deposit' | 'withdrawal' | 'bank_card' | 'audit_log',
) =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
export const storedFiles = () =>
  existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')).length : 0;

/** Everything a refusal must leave alone. */
export async function state(s?: Session) {
  const tables = [
    'journal',
    'kyc_submission',
    'upload',
    'deposit',
    'withdrawal',
    'bank_card',
    'audit_log',
  ] as const;
  const counts = await Promise.all(tables.map(count));
  const cash = s
    ? [
        await balance(s, 'cash', 'JPY'),
        await balance(s, 'hold:withdrawal', 'JPY'),
        await balance(s, 'cash', 'USD'),
      ]
    : [];
  return { counts, cash, files: storedFiles() };
}

export async function verifiedUser(): Promise<Session> {
  const s = await registerAndLogin(t);
  const submitted = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
  expect(submitted.body.msg).toBe('submit_ok');
  const decided = await review.call('kyc/decide', {
    id: submitted.body.data.submission_id,
    decision: 'approve',
  });
  expect(decided.body.msg).toBe('submit_ok');
  return s;
}

export async function channelPassword(s: Session): Promise<string> {
  const inbox = await t.call('user/messages', {}, s);
  return String(
    inbox.body.data.find((m: { kind: string }) => m.kind === 'channel_password').params.code,
  );
}

export async function fxQuote(currency: string, price: string) {
  const snapshot = {
    symbol: `FX:${currency}JPY`,
    price,
    change_rate: '0.00',
    volume: 0,
    seq: 1,
    ts: Date.now(),
  };
  await t.redis.hset(
    redisKeys(t.prefix).latestQuotes,
    `FX:${currency}JPY`,
    JSON.stringify(snapshot),
  );
}

/** Points the helpers at another gateway (with its own reviewer); returns the one they used. */
export async function swapGateway(next: TestGateway): Promise<TestGateway> {
  const previous = t;
  t = next;
  review = await reviewer(next);
  return previous;
}

/** Boots one gateway (always-open clock, a reviewer, a demo deposit channel) for the calling file. */
export function useFundsGateway(): void {
  beforeAll(async () => {
    t = await startTestGateway(
      { KABUTO_CLOCK: 'always-open' },
      { nowMs: () => Date.now() + clockOffsetMs },
    );
    review = await reviewer(t);
    photo = await jpeg(640, 400, true);
    await db()
      .insertInto('deposit_channel')
      .values({
        name: 'デモ振込',
        name_en: 'Demo transfer',
        name_zh: '演示转账',
        currency: 'JPY',
        bank_name: 'Kabuto Demo Bank',
        branch_name: 'Head Office',
        account_name: 'カブト',
        account_number: '7654321',
        max_single: 500_000n,
        active: 1,
        created_at: Date.now(),
      })
      .execute();
    await db()
      .insertInto('config_entry')
      .values({ name: 'deposit_max_single', value: '10000000000' })
      .execute();
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });
}

/** A verified user with a card, ¥300,000 deposited and a fund password. */
export async function readyToWithdraw(): Promise<{ s: Session; cardId: string }> {
  const s = await verifiedUser();
  const cardId = (await t.call('bank/add', CARD, s)).body.data.card_id as string;
  const channelId = (await t.call('fund/channels', {}, s)).body.data[0].channel_id;
  const deposited = await multipart(
    t,
    'fund/deposit',
    { channel_id: channelId, amount: '300000', request_id: requestId() },
    { proof: { bytes: photo, name: 'p.jpg' } },
    s,
  );
  await review.call('deposit/decide', { id: deposited.body.data.deposit_id, decision: 'approve' });
  return { s, cardId };
}
