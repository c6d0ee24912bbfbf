import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Session } from './support/test-gateway.ts';
import {
  cash,
  fundedUser,
  order,
  requestId,
  t,
  useTradingGateway,
} from './support/trading-suite.ts';

// A close's `order:updated` is written in the close's own transaction (the outbox): a close that
// rolls back after its event was written announces nothing and spends no seq.
useTradingGateway();
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

interface Received {
  readonly event: string;
  readonly payload: { seq: number; reason?: string; position_id?: string };
}

async function listen(session: Session): Promise<Received[]> {
  const socket = connect(t.baseUrl, {
    transports: ['websocket'],
    auth: { token: session.token, account: session.account },
    forceNew: true,
  });
  sockets.push(socket);
  const received: Received[] = [];
  socket.onAny((event: string, payload: Received['payload']) => {
    if (!event.startsWith('quote:')) received.push({ event, payload });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return received;
}

const positionStatus = async (id: string) =>
  (
    await t.testDb.db
      .selectFrom('position')
      .select(['status', 'qty'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
  ).status;

describe('trade/close announces only what committed', () => {
  it('a close that rolls back after writing its event announces nothing; the retry announces with the next seq', async () => {
    const s = await fundedUser();
    const received = await listen(s);
    const opened = await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '100' });
    const positionId = opened.body.data.position_id as string;
    await expect.poll(() => received.map((r) => r.payload.reason)).toContain('filled');
    const lastSeq = (received.at(-1) as Received).payload.seq;
    const receivedBefore = received.length;
    const cashBefore = await cash(s, 'JPY');

    // The event is written, then the transaction fails (as a lost connection or a crash would).
    const events = t.gateway.deps.accountEvents;
    const record = events.record.bind(events);
    events.record = async (trx, userId, event, payload) => {
      await record(trx, userId, event, payload);
      throw new Error('the close fails after its event was written');
    };
    const body = { position_id: positionId, request_id: requestId() };
    const failed = await t.call('trade/close', body, s).finally(() => {
      events.record = record;
    });
    expect(failed.http).toBe(500);
    expect(failed.body.msg).toBe('internal_error');
    expect(received.at(-1)?.payload.seq).toBe(lastSeq);
    expect(await positionStatus(positionId)).toBe('holding');
    expect(await cash(s, 'JPY')).toBe(cashBefore);

    const closed = await t.call('trade/close', body, s);
    expect(closed.body.msg).toBe('close_ok');
    await expect
      .poll(() => received.at(-1)?.payload)
      .toMatchObject({ reason: 'closed', position_id: positionId, seq: lastSeq + 1 });
    // Nothing came between: the failed close's event, sent before it if at all, never went out.
    expect(received.slice(receivedBefore).map((r) => r.payload.seq)).toEqual([lastSeq + 1]);
    expect(await positionStatus(positionId)).toBe('closed');
  });
});
