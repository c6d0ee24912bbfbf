import { createHash } from 'node:crypto';
import {
  freezeBarrier,
  frozenEntries,
  listingForStep,
  storeFrozenList,
  type FrozenEntry,
  type FrozenListRecord,
  type IpoListingRow,
} from '@kabuto/schema/db';
import { listHashOfSorted, type Sha256Factory } from '@kabuto/schema/lottery';
import type { IpoStepDeps } from './ipo-draw.ts';

const nodeSha256: Sha256Factory = () => createHash('sha256');

/** Reads of a list that kept growing under the freeze (a clock behind the close) before giving up. */
const FREEZE_TRIES = 3;

/** The stored list hash no longer matches the list: something changed it after the freeze. */
export class FrozenListChanged extends Error {
  constructor(ipoId: number, published: string, now: string) {
    super(`ipo ${ipoId}: the list hashes to ${now}, not to the published ${published}`);
    this.name = 'FrozenListChanged';
  }
}

/** The list as read, in ticket order, with its record (DESIGN.md §8 step 2). */
function recordOf(entries: readonly FrozenEntry[]): FrozenListRecord {
  const tickets = new Array<string>(entries.length);
  const lots = new Uint32Array(entries.length);
  let lotsApplied = 0;
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    if (k > 0 && !(tickets[k - 1]! < entry.ticket)) {
      throw new Error('frozen list not in ticket order');
    }
    tickets[k] = entry.ticket;
    lots[k] = entry.lots;
    lotsApplied += entry.lots;
  }
  const listHash = listHashOfSorted(tickets, lots, nodeSha256);
  return { listHash, applicants: entries.length, lotsApplied };
}

/** The listing frozen: its entries as read and its row with the published hash and stamp. */
export interface FrozenList {
  readonly entries: readonly FrozenEntry[];
  readonly listing: IpoListingRow;
  /** Whether this call published the hash (false: it was already published). */
  readonly storedNow: boolean;
}

/**
 * Freezes the list once and checks it against what was published. After the barrier (every
 * application still being written has committed; later ones read a clock past the close, or see
 * the published hash, and are refused) it reads the list in ticket order and hashes it. If no hash
 * is published yet it stores hash, totals and `list_frozen_at` (`storeFrozenList`); if one is, the
 * list must hash to it, else `FrozenListChanged` (the draw then writes nothing). A rerun stores
 * nothing new and never a different hash.
 */
export async function frozenList(deps: IpoStepDeps, listing: IpoListingRow): Promise<FrozenList> {
  const id = Number(listing.id);
  let current = listing;
  for (let tries = 1; ; tries++) {
    await freezeBarrier(deps.db, id);
    const entries = await frozenEntries(deps.db, id);
    const record = recordOf(entries);
    let storedNow = false;
    if (current.list_hash === null) {
      const outcome = await storeFrozenList(deps.db, id, record, () => deps.clock.nowMs());
      if (outcome === 'list_changed' && tries < FREEZE_TRIES) continue;
      if (outcome === 'list_changed') throw new Error(`ipo ${id}: the list kept changing`);
      storedNow = outcome === 'stored';
      current = (await listingForStep(deps.db, id)) ?? current;
    }
    if (current.list_hash !== record.listHash) {
      throw new FrozenListChanged(id, current.list_hash ?? '', record.listHash);
    }
    return { entries, listing: current, storedNow };
  }
}

/**
 * The freeze step, due at `subscribe_end`: freezes the list and publishes its hash, so the hash is
 * public before the beacon it will be mixed with exists. False when there is nothing to do
 * (unknown, still open, or already frozen).
 */
export async function freezeListing(deps: IpoStepDeps, ipoId: number): Promise<boolean> {
  const listing = await listingForStep(deps.db, ipoId);
  if (!listing || listing.list_hash !== null) return false;
  if (deps.clock.nowMs() < Number(listing.subscribe_end)) return false;
  return (await frozenList(deps, listing)).storedNow;
}
