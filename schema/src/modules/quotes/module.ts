import { defineModule } from '../define-module.ts';

/** Instruments, quotes, candles, the watchlist (kernel). */
export const quotesModule = defineModule({ name: 'quotes', layer: 'kernel' });
