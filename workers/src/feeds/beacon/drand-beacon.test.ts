import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { QUICKNET, quicknetRoundTime } from '@kabuto/schema/lottery';
import { RECORDED_QUICKNET_ROUNDS, type RecordedRound } from '@kabuto/schema/testing';
import { BeaconUnavailable, createDrandBeacon } from './drand-beacon.ts';
import { createLocalBeacon } from './local-beacon.ts';

// A local stand-in for a drand relay (the vendor is external; no network in tests): serves the
// recorded quicknet rounds at GET /{chain hash}/public/{round}, after `failFirst` failures.
interface Relay {
  url: string;
  requests: string[];
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function startRelay(
  rounds: readonly RecordedRound[],
  { failFirst = 0, status = 404 } = {},
): Promise<Relay> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const match = /^\/([0-9a-f]{64})\/public\/(\d+)$/.exec(req.url ?? '');
    const found = rounds.find((r) => r.round === Number(match?.[2]));
    if (requests.length <= failFirst || !found || match?.[1] !== QUICKNET.chainHash) {
      res.writeHead(requests.length <= failFirst ? status : 404).end('{}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** A clock that sleeping moves forward: no real waiting, and the waits are recorded. */
function fakeTime(startMs: number) {
  const slept: number[] = [];
  let now = startMs;
  return {
    slept,
    clock: { nowMs: () => now },
    sleep: (ms: number) => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

const [r1, r2] = RECORDED_QUICKNET_ROUNDS as [RecordedRound, RecordedRound];
const closeBefore = (r: RecordedRound) => quicknetRoundTime(r.round) - 1;

describe('drand quicknet beacon (a local relay serving recorded rounds)', () => {
  it('takes the first round after the close, verified, with its signature and label', async () => {
    const relay = await startRelay(RECORDED_QUICKNET_ROUNDS);
    const time = fakeTime(quicknetRoundTime(r1.round) + 500);
    const beacon = createDrandBeacon({ relays: [relay.url], ...time });
    const value = await beacon.after(closeBefore(r1));
    expect(value).toMatchObject({
      kind: 'drand-quicknet',
      round: r1.round,
      value: r1.randomness,
      signature: r1.signature,
    });
    expect(relay.requests).toEqual([`/${QUICKNET.chainHash}/public/${r1.round}`]);
  });

  it('waits until the round is due, then retries while the relay has not published it', async () => {
    const relay = await startRelay(RECORDED_QUICKNET_ROUNDS, { failFirst: 3 });
    const time = fakeTime(closeBefore(r2) - 10_000);
    const beacon = createDrandBeacon({ relays: [relay.url], retryMs: 500, ...time });
    const value = await beacon.after(closeBefore(r2));
    expect(value.value).toBe(r2.randomness);
    expect(time.slept).toEqual([10_001, 500, 500, 500]);
    expect(relay.requests).toHaveLength(4);
  });

  it('never returns a tampered signature: gives up after the bound with BeaconUnavailable', async () => {
    const tampered = [{ ...r1, signature: r2.signature }];
    const relay = await startRelay(tampered);
    const time = fakeTime(quicknetRoundTime(r1.round));
    const beacon = createDrandBeacon({
      relays: [relay.url],
      retryMs: 1000,
      maxWaitMs: 5000,
      ...time,
    });
    const failure = beacon.after(closeBefore(r1));
    await expect(failure).rejects.toBeInstanceOf(BeaconUnavailable);
    await expect(failure).rejects.toThrow(/signature does not verify/);
    expect(relay.requests).toHaveLength(6);
  });

  it('a relay answering for another round is not believed', async () => {
    const relay = await startRelay([{ ...r2, round: r1.round }]);
    const beacon = createDrandBeacon({
      relays: [relay.url],
      maxWaitMs: 0,
      ...fakeTime(Date.now()),
    });
    await expect(beacon.after(closeBefore(r1))).rejects.toThrow(/signature does not verify/);
  });

  it('falls over to the next relay when the first is down or failing', async () => {
    const down = await startRelay([], { failFirst: 99, status: 503 });
    const good = await startRelay(RECORDED_QUICKNET_ROUNDS);
    const beacon = createDrandBeacon({
      relays: ['http://127.0.0.1:1', down.url, good.url],
      ...fakeTime(quicknetRoundTime(r1.round)),
    });
    expect((await beacon.after(closeBefore(r1))).value).toBe(r1.randomness);
    expect(down.requests).toHaveLength(1);
  });

  it('a relay that never answers times out per request and the whole wait is bounded', async () => {
    const server = createServer(() => undefined); // accepts, never answers
    servers.push(server);
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const beacon = createDrandBeacon({
      relays: [url],
      requestTimeoutMs: 100,
      maxWaitMs: 0,
      ...fakeTime(quicknetRoundTime(r1.round)),
    });
    const started = Date.now();
    await expect(beacon.after(closeBefore(r1))).rejects.toBeInstanceOf(BeaconUnavailable);
    expect(Date.now() - started).toBeLessThan(2000);
    server.closeAllConnections();
  });
});

describe('local beacon (paper mode)', () => {
  it('draws 32 fresh random bytes when asked, labelled not independent', async () => {
    const beacon = createLocalBeacon();
    const [a, b] = [await beacon.after(0), await beacon.after(0)];
    expect(beacon.kind).toBe('local');
    expect(a).toMatchObject({ kind: 'local', round: null, signature: null });
    expect(a.value).toMatch(/^[0-9a-f]{64}$/);
    expect(a.value).not.toBe(b.value);
    expect(a.label).toMatch(/not independent/);
  });
});
