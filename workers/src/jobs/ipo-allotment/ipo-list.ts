import type { IpoStepDeps } from './ipo-draw.ts';

/** The listing step at `listing_at`: paid lots become holdings (not built yet: see the report). */
export function listPaid(_deps: IpoStepDeps, _ipoId: number): Promise<boolean> {
  return Promise.resolve(false);
}
