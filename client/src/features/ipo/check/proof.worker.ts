import { verifyProof } from '@kabuto/schema/ipo';
import type {
  CheckMessage,
  CheckRequest,
  CheckVerdict,
  OwnTicket,
  ProofAnswer,
  ProofSummary,
} from './proof-protocol.ts';

// The check page's worker: downloads `ipo/proof`, reruns the draw (DESIGN.md §8) and compares, off
// the page's thread so that a list of a million entries never freezes the screen.
const post = (message: CheckMessage) => self.postMessage(message);

/** Reads the body in chunks, reporting bytes received (and the total when the server says it). */
async function download(request: CheckRequest): Promise<string> {
  const response = await fetch('/api/vue/ipo/proof', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      token: request.token,
      account: request.account,
    },
    body: new URLSearchParams({ id: request.id }).toString(),
  });
  const total = Number(response.headers.get('content-length')) || null;
  const reader = response.body?.getReader();
  if (!reader) return response.text();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    received += chunk.value.byteLength;
    parts.push(decoder.decode(chunk.value, { stream: true }));
    post({ kind: 'progress', stage: 'download', received, total });
  }
  parts.push(decoder.decode());
  return parts.join('');
}

function summarize(proof: ProofAnswer): ProofSummary {
  const { list, result, ...published } = proof;
  void result;
  const lotsApplied = list.reduce((sum, entry) => sum + entry.lots, 0);
  return { ...published, entries: list.length, lotsApplied };
}

function ownTicket(
  proof: ProofAnswer,
  ticket: string | null,
  rerun: Map<string, number>,
): OwnTicket | null {
  if (!ticket) return null;
  return {
    ticket,
    lots: proof.list.find((entry) => entry.ticket === ticket)?.lots ?? null,
    publishedWon: proof.result.find((win) => win.ticket === ticket)?.lots_won ?? null,
    recomputedWon: rerun.get(ticket) ?? null,
  };
}

function check(proof: ProofAnswer, ticket: string | null): CheckVerdict {
  const started = performance.now();
  const outcome = verifyProof({
    rule: proof.rule,
    seedCommitment: proof.seed_commitment,
    seed: proof.seed,
    beacon: proof.beacon,
    listHash: proof.list_hash,
    lotsOffered: proof.lots_offered,
    maxLots: proof.max_lots,
    list: proof.list,
    result: proof.result.map((win) => ({ ticket: win.ticket, lotsWon: win.lots_won })),
  });
  const rerun = new Map<string, number>();
  if (ticket) {
    const mine = outcome.recomputed.result.find((win) => win.ticket === ticket);
    if (mine) rerun.set(ticket, mine.lotsWon);
  }
  return {
    commitmentOk: outcome.commitmentOk,
    listHashOk: outcome.listHashOk,
    drawSeedOk: outcome.recomputed.drawSeed === proof.draw_seed,
    resultOk: outcome.resultOk,
    mismatchCount: outcome.mismatchCount,
    mismatches: outcome.mismatches.slice(0, 5),
    own: ownTicket(proof, ticket, rerun),
    ms: Math.round(performance.now() - started),
  };
}

async function run(request: CheckRequest): Promise<void> {
  const text = await download(request);
  post({ kind: 'progress', stage: 'parse', received: text.length, total: text.length });
  const envelope = JSON.parse(text) as { status: number; msg: string; data: ProofAnswer };
  if (envelope.status !== 1) {
    post({ kind: 'refused', msg: envelope.msg });
    return;
  }
  post({ kind: 'proof', summary: summarize(envelope.data) });
  post({ kind: 'progress', stage: 'verify', received: 0, total: null });
  post({ kind: 'verdict', verdict: check(envelope.data, request.ticket) });
}

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  run(event.data).catch((error: unknown) => {
    post({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
  });
};
