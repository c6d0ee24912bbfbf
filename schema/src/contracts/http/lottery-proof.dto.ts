import { z } from 'zod';

/**
 * A published draw (DESIGN.md §8) as `ipo/proof` and `block/proof` answer it: the rule, the
 * seed and its commitment, the beacon, the frozen list's hash and when it was frozen, the draw
 * seed, the list in ticket order and the result. One shape, so one browser check reruns both.
 */
export const lotteryProofResponse = z.object({
  rule: z.string(),
  listing_id: z.string(),
  seed_commitment: z.string(),
  seed: z.string(),
  beacon_kind: z.enum(['local', 'drand']),
  beacon: z.string(),
  beacon_round: z.number().nullable(),
  beacon_signature: z.string().nullable(),
  beacon_label: z.string(),
  list_hash: z.string(),
  /** When the list was frozen and its hash published (epoch ms); null only for older draws. */
  list_frozen_at: z.number().nullable(),
  draw_seed: z.string(),
  lots_offered: z.number(),
  max_lots: z.number(),
  list: z.array(z.object({ ticket: z.string(), lots: z.number() })),
  result: z.array(z.object({ ticket: z.string(), lots_won: z.number() })),
});
