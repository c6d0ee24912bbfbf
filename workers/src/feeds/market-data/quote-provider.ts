import type { QuoteSnapshot } from '@kabuto/schema/contracts';

/**
 * What the feed leader drives: the simulator, the CSV replay, or a real vendor adapter.
 * `next` returns the snapshots of the symbols that printed at `nowMs` (possibly none).
 */
export interface QuoteProvider {
  readonly source: string;
  next(nowMs: number): QuoteSnapshot[];
}
