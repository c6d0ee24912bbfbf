import { useEffect, useEffectEvent, useState } from 'react';
import type { QuoteRow } from '@kabuto/schema/contracts';
import { followQuotes, seedQuotes } from './live-quotes.store.ts';

/**
 * Loads a list of quote rows (REST snapshot), seeds the live store and follows the rows' symbols
 * over the socket until the screen leaves or the list changes. `null` while loading.
 */
export function useLiveList(load: () => Promise<QuoteRow[]>, key: string): QuoteRow[] | null {
  // Rows are kept with the key they were loaded for, so a new key shows `null` until its rows arrive.
  const [loaded, setLoaded] = useState<{ key: string; rows: QuoteRow[] } | null>(null);
  const loadRows = useEffectEvent(load);
  useEffect(() => {
    let active = true;
    void loadRows().then((rows) => {
      if (!active) return;
      seedQuotes(rows);
      setLoaded({ key, rows });
    });
    return () => {
      active = false;
    };
  }, [key]);
  const rows = loaded?.key === key ? loaded.rows : null;
  const symbols = rows?.map((r) => r.symbol).join(',') ?? '';
  useEffect(() => {
    if (!symbols) return undefined;
    const subscription = followQuotes(symbols.split(','));
    return () => subscription.unsubscribe();
  }, [symbols]);
  return rows;
}
