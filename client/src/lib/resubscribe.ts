/**
 * When a refused `quote:subscribe` is asked again. A symbol the gateway does not know yet (a new
 * share at its listing, before the gateway reloads its listed instruments) is refused with
 * `not_found`; the screen still wants it, so it asks again after 1 s, 2 s, 4 s… at most 30 s
 * apart, and gives up after `MAX_RESUBSCRIBE_ATTEMPTS` (a symbol that never existed).
 */
export const RESUBSCRIBE_FIRST_MS = 1_000;
export const RESUBSCRIBE_MAX_MS = 30_000;
export const MAX_RESUBSCRIBE_ATTEMPTS = 12;

/** The wait before retry number `attempt` (0 for the first), or null when it is time to stop. */
export function resubscribeDelayMs(attempt: number, refusal: string): number | null {
  if (refusal !== 'not_found' || attempt >= MAX_RESUBSCRIBE_ATTEMPTS) return null;
  return Math.min(RESUBSCRIBE_FIRST_MS * 2 ** attempt, RESUBSCRIBE_MAX_MS);
}
