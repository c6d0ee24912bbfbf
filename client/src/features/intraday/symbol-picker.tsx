import { SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@kabuto/schema/market';
import { instrumentName, type InstrumentNames } from '../../lib/instrument-name.ts';
import { formatMoney } from '../../lib/format.ts';
import { storage } from '../../lib/storage.ts';
import { quoteDetail, useInstrumentSearch } from '../../lib/instrument-search.ts';

/** A stock the intraday sheet may order: its code, its name in the reader's language, its price. */
export interface PickedStock {
  readonly symbol: string;
  readonly name: string;
  readonly price: string | null;
}

const nameOf = (row: { symbol: string; names: InstrumentNames }) =>
  instrumentName({ symbol: row.symbol, name: row.names }, storage.language());

/**
 * Search by code, name, kana or pinyin within the application's market; only a stock the search
 * found can be picked, so an unknown code is never sent.
 */
export function SymbolPicker(props: {
  market: Market;
  initialSymbol: string;
  picked: PickedStock | null;
  onPick: (stock: PickedStock) => void;
}) {
  const { t } = useTranslation();
  const { market, initialSymbol, onPick } = props;
  const [keyword, setKeyword] = useState('');
  const { results, typed } = useInstrumentSearch();
  useEffect(() => {
    void quoteDetail(initialSymbol).then((detail) => {
      if (!detail) return;
      onPick({ symbol: detail.symbol, name: nameOf(detail), price: detail.price });
    });
  }, [initialSymbol, onPick]);
  const matches = (results ?? []).filter((row) => row.market === market).slice(0, 6);
  return (
    <div data-testid="intraday-symbol-picker">
      <SearchBar
        value={keyword}
        placeholder={t('intraday.symbolSearch')}
        onChange={(value: string) => {
          setKeyword(value);
          typed(value);
        }}
        data-testid="intraday-symbol"
      />
      {keyword.trim() && results !== null && matches.length === 0 ? (
        <p className="muted" data-testid="intraday-symbol-none">
          {t('intraday.symbolNone')}
        </p>
      ) : null}
      {keyword.trim()
        ? matches.map((row) => (
            <button
              type="button"
              key={row.symbol}
              className="pick-row"
              data-testid={`intraday-pick-${row.symbol}`}
              onClick={() => {
                onPick({ symbol: row.symbol, name: nameOf(row), price: row.price });
                setKeyword('');
                typed('');
              }}
            >
              <span>{nameOf(row)}</span>
              <small className="muted"> {row.symbol}</small>
            </button>
          ))
        : null}
      {props.picked ? (
        <div className="detail-row" data-testid="intraday-picked">
          <span>
            {props.picked.name} <small className="muted">{props.picked.symbol}</small>
          </span>
          <span className="num">{formatMoney(props.picked.price)}</span>
        </div>
      ) : null}
    </div>
  );
}
