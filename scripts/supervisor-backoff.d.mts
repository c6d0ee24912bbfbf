export declare const FIRST_DELAY_MS: number;
export declare const MAX_DELAY_MS: number;
export declare const HEALTHY_UPTIME_MS: number;
export declare function afterExit(
  crashesInRow: number,
  uptimeMs: number,
): { crashesInRow: number; delayMs: number };
