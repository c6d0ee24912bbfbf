import { checkProof, summarize } from './proof-check.ts';
import type { CheckMessage, CheckRequest, ProofAnswer } from './proof-protocol.ts';

// The check page's worker: downloads the published draw (`ipo/proof` or `block/proof`), reruns the draw (DESIGN.md §8) and compares, off
// the page's thread so that a list of a million entries never freezes the screen.
const post = (message: CheckMessage) => self.postMessage(message);

/** Reads the body in chunks, reporting bytes received (and the total when the server says it). */
async function download(request: CheckRequest): Promise<string> {
  const response = await fetch(`/api/vue/${request.call}`, {
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
  post({ kind: 'verdict', verdict: checkProof(envelope.data, request.ticket) });
}

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  run(event.data).catch((error: unknown) => {
    post({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
  });
};
