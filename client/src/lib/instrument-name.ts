import type { Language } from './storage.ts';

/** A stock's names as the server sends them beside its code (positions, orders, intraday trades). */
export interface InstrumentNames {
  readonly ja: string;
  readonly en: string;
  readonly zh: string;
}

/**
 * The stock's name in the reader's language (jp: ja, cn: zh, us: en); its code where the row
 * carries no names (a symbol the server no longer knows, or a gateway older than this client).
 */
export function instrumentName(
  item: { readonly symbol: string; readonly name?: InstrumentNames | null | undefined },
  language: Language,
): string {
  if (!item.name) return item.symbol;
  if (language === 'cn') return item.name.zh;
  return language === 'us' ? item.name.en : item.name.ja;
}
