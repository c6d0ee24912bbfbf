/**
 * The ledger's public door: what products (ipo, intraday, credit, loans, and next block trades,
 * products, lending) use of the double-entry ledger. Most product money moves through `advance`
 * (platform); a product posts a journal itself with `postJournal`, the ledger's one write path,
 * inside its own write transaction. A product's `domain/` takes the pure face, `public.pure.ts`.
 */
export * from './public.pure.ts';
export {
  cashBalance,
  isShortOfCash,
  postJournal,
  userBalance,
} from '../../db/repositories/ledger.store.ts';
export { loadAccountSummary } from '../../db/repositories/assets.repository.ts';
