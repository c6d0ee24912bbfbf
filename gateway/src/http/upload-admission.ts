/** Upload bodies one user may have the gateway hold at once (an ID pair and a deposit proof). */
export const UPLOADS_IN_FLIGHT_PER_USER = 2;
/** Upload bodies the whole gateway holds at once: with the 8 MB per-file cap, a bounded amount of memory. */
export const UPLOADS_IN_FLIGHT = 16;

export interface UploadAdmission {
  /** Lets one more upload body be read for this user: its release, or null when it must wait its turn. */
  admit(userId: number): (() => void) | null;
}

/**
 * Counts the multipart bodies being read or worked on, per user and in all. Checked from the
 * headers, before a byte of the body is read: a burst of large uploads is refused (too_frequent)
 * instead of being buffered in memory only to meet the hourly upload limit afterwards.
 */
export function createUploadAdmission(
  perUser = UPLOADS_IN_FLIGHT_PER_USER,
  total = UPLOADS_IN_FLIGHT,
): UploadAdmission {
  const byUser = new Map<number, number>();
  let inFlight = 0;
  return {
    admit(userId) {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= perUser || inFlight >= total) return null;
      byUser.set(userId, mine + 1);
      inFlight += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
  };
}
