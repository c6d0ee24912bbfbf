import { useCallback, useEffect, useState } from 'react';
import { storage } from '../../lib/storage.ts';
import type {
  CheckMessage,
  CheckRequest,
  CheckStage,
  CheckVerdict,
  ProofCall,
  ProofSummary,
} from './proof-protocol.ts';

export interface CheckState {
  stage: CheckStage | 'done' | 'refused' | 'failed';
  received: number;
  total: number | null;
  summary: ProofSummary | null;
  verdict: CheckVerdict | null;
  /** The refusal's msg key, or the failure's reason. */
  problem: string | null;
  startedAt: number;
}

const START: Omit<CheckState, 'startedAt'> = {
  stage: 'download',
  received: 0,
  total: null,
  summary: null,
  verdict: null,
  problem: null,
};

function reduce(state: CheckState, message: CheckMessage): CheckState {
  switch (message.kind) {
    case 'progress':
      return { ...state, stage: message.stage, received: message.received, total: message.total };
    case 'proof':
      return { ...state, summary: message.summary };
    case 'verdict':
      return { ...state, stage: 'done', verdict: message.verdict };
    case 'refused':
      return { ...state, stage: 'refused', problem: message.msg };
    case 'failed':
      return { ...state, stage: 'failed', problem: message.reason };
  }
}

/**
 * Reruns the published draw (`call`: a new share's or a lottery block offer's) of `id` in a Web
 * Worker (loaded with the check only) and follows its progress; `ticket` is the caller's own, to
 * say what it won. `rerun` starts again.
 */
export function useProofCheck(call: ProofCall, id: string, ticket: string | null, ready: boolean) {
  const [state, setState] = useState<CheckState>(() => ({ ...START, startedAt: Date.now() }));
  const [run, setRun] = useState(0);
  useEffect(() => {
    if (!ready) return undefined;
    const worker = new Worker(new URL('./proof.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CheckMessage>) =>
      setState((s) => reduce(s, event.data));
    worker.onerror = () => setState((s) => ({ ...s, stage: 'failed', problem: 'worker' }));
    const request: CheckRequest = {
      call,
      id,
      ticket,
      token: storage.token(),
      account: storage.account(),
    };
    worker.postMessage(request);
    return () => worker.terminate();
  }, [call, id, ticket, ready, run]);
  const rerun = useCallback(() => {
    setState({ ...START, startedAt: Date.now() });
    setRun((n) => n + 1);
  }, []);
  return { state, rerun };
}
