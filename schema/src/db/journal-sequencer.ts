import { sql } from 'kysely';
import type { Db } from './create-db.ts';
import { dialectOf } from './dialect.ts';

/** Journals numbered per round; the next round takes the rest. */
const ROUND_SIZE = 5_000;

/**
 * I9 on PostgreSQL: gives every committed journal without a `seq` the next numbers, in id order.
 * Rounds serialize on the counter row (FOR UPDATE), and a round sees only
 * committed journals, so `seq` is gapless and only ever grows, whatever order the journals'
 * transactions committed in. Returns how many journals it numbered. On SQLite journals are
 * numbered inline by the single writer and this does nothing.
 */
export async function sequenceJournals(db: Db): Promise<number> {
  if (dialectOf(db) !== 'postgres') return 0;
  let total = 0;
  for (;;) {
    const numbered = await db.transaction().execute(numberOneRound);
    total += numbered;
    if (numbered < ROUND_SIZE) return total;
  }
}

/**
 * The counter row is locked by a statement of its own first: the numbering statement then takes
 * its snapshot after the previous round committed, so it never sees a journal as waiting that the
 * previous round has just numbered.
 */
async function numberOneRound(trx: Db): Promise<number> {
  const counter = await sql<{
    last_seq: string;
  }>`select last_seq from ledger_sequence where id = 1 for update`.execute(trx);
  const lastSeq = BigInt(counter.rows[0]?.last_seq ?? 0);
  const result = await sql`
    update journal set seq = ${lastSeq}::bigint + waiting.n
    from (select id, row_number() over (order by id) as n from journal where seq is null order by id limit ${ROUND_SIZE}) as waiting
    where journal.id = waiting.id`.execute(trx);
  const numbered = Number(result.numAffectedRows ?? 0n);
  if (numbered > 0) {
    await sql`update ledger_sequence set last_seq = ${lastSeq + BigInt(numbered)}::bigint where id = 1`.execute(
      trx,
    );
  }
  return numbered;
}

/** How long commits gather before a round numbers them: rounds cost five statements each. */
export const SEQUENCER_GATHER_MS = 20;

/**
 * Runs `sequenceJournals` after commits without making anyone wait for it. A nudge starts a round
 * SEQUENCER_GATHER_MS later; nudges meanwhile, or while the round runs, ask for one more, so a
 * burst of commits costs a round or two, not one each. A failed round is left to the next nudge
 * (any commit, in any process, numbers every journal still waiting) and to reconcile, which
 * numbers before it checks.
 */
export class JournalSequencer {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly gatherMs = SEQUENCER_GATHER_MS,
  ) {}

  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.rounds().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the rounds under way (and any asked for meanwhile) are done. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      await new Promise((resolve) => setTimeout(resolve, this.gatherMs));
      await sequenceJournals(this.db).catch(() => undefined);
    } while (this.again);
  }
}
