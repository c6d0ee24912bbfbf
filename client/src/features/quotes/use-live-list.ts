import { useEffect, useState } from 'react';
import type { QuoteRow } from '@kabuto/schema/contracts';
import { followQuotes, seedQuotes } from './live-quotes.store.ts';

/**
 * Loads a list of quote rows (REST snapshot), seeds the live store and follows the rows' symbols
 * over the socket until the screen leaves or the list changes. `null` while loading.
 */
export function useLiveList(load: () => Promise<QuoteRow[]>, key: string): QuoteRow[] | null {
  const [rows, setRows] = useState<QuoteRow[] | null>(null);
  useEffect(() => {
    let active = true;
    setRows(null);
    void load().then((loaded) => {
      if (!active) return;
      seedQuotes(loaded);
      setRows(loaded);
    });
    return () => {
      active = false;
    };
  }, [key]);
  const symbols = rows?.map((r) => r.symbol).join(',') ?? '';
  useEffect(() => {
    if (!symbols) return undefined;
    const subscription = followQuotes(symbols.split(','));
    return () => subscription.unsubscribe();
  }, [symbols]);
  return rows;
}
