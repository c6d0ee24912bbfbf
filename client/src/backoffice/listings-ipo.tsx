import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { BOARD_RULES, MARKET_RULES, type Market } from '@kabuto/schema/market';
import { formatAmount } from '../lib/format.ts';
import { adminCall } from './admin-api.ts';
import { exchangeInput, formatExchange, marketOf } from './exchange-time.ts';
import { TermsForm, type FieldSpec } from './listings-form.tsx';
import {
  answerText,
  ListHead,
  nameIn,
  SaidLine,
  useAdminList,
  useListingEdits,
} from './listings-list.tsx';

type Listing = AdminCallMap['ipo/list']['output'][number];
type IpoField = keyof AdminCallMap['ipo/create']['input'];

const LABELS = 'bo.listings.ipo.fields';
const IPO_COLS = ['stock', 'board', 'price', 'window', 'dates', 'status', 'applied'];
const MARKET_ORDER: readonly Market[] = ['JP', 'US', 'CN'];
/** Each market's boards, from the rules table (which board fits which market is its). */
const boardsOf = (market: Market) =>
  Object.values(BOARD_RULES)
    .filter((rules) => rules.market === market)
    .map((rules) => rules.board);
const text: FieldSpec = { kind: 'text' };
const whole: FieldSpec = { kind: 'number' };

/**
 * Every field `ipo/create` and `ipo/update` take (the Record makes the list complete), for the
 * market chosen so far: its boards only, its currency beside the prices, its zone for the times.
 */
function ipoForm(values: Partial<Record<IpoField, string>>): Record<IpoField, FieldSpec> {
  const market = marketOf(values.market) ?? 'JP';
  const money: FieldSpec = { kind: 'amount', unit: MARKET_RULES[market].currency };
  const time: FieldSpec = { kind: 'time', market };
  return {
    symbol: text,
    market: { kind: 'choice', options: MARKET_ORDER, labels: 'bo.listings.markets' },
    board: { kind: 'choice', options: boardsOf(market), labels: 'bo.listings.ipo.boards' },
    ...{ name_ja: text, name_en: text, name_zh: text },
    ...{ price: money, market_price: { ...money, optional: true }, underwriting_price: money },
    ...{ lot: whole, min_lots: whole, max_lots: whole, lots_offered: whole, issue_volume: whole },
    per: { kind: 'text', optional: true },
    lead_underwriter: text,
    ...{ subscribe_start: time, subscribe_end: time, draw_at: time },
    ...{ pay_deadline: time, listing_at: time },
    beacon_kind: { kind: 'choice', options: ['local', 'drand'], labels: 'bo.listings.ipo.beacons' },
  };
}

/** A listing's terms as the form shows them (times on its exchange's clock). */
function termsOf(l: Listing): Record<IpoField, string> {
  const market = marketOf(l.market) ?? 'JP';
  const at = (ms: number) => exchangeInput(ms, market);
  return {
    ...{ symbol: l.symbol, market: l.market, board: l.board },
    ...{ name_ja: l.names.ja, name_en: l.names.en, name_zh: l.names.zh },
    ...{
      price: l.price,
      market_price: l.market_price ?? '',
      underwriting_price: l.underwriting_price,
    },
    ...{ lot: String(l.lot), min_lots: String(l.min_lots), max_lots: String(l.max_lots) },
    ...{ lots_offered: String(l.lots_offered), issue_volume: String(l.issue_volume) },
    ...{ per: l.per ?? '', lead_underwriter: l.lead_underwriter, beacon_kind: l.beacon_kind },
    ...{ subscribe_start: at(l.subscribe_start), subscribe_end: at(l.subscribe_end) },
    ...{ draw_at: at(l.draw_at), pay_deadline: at(l.pay_deadline), listing_at: at(l.listing_date) },
  };
}

/** Applicants and lots applied for one listing, asked of `ipo/subscriptions` on demand. */
function Applications({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const [counted, setCounted] = useState<string | null>(null);
  const count = () =>
    void adminCall('ipo/subscriptions', { id: listing.id }).then((answer) =>
      setCounted(
        answer.ok
          ? t('bo.listings.ipo.applied', {
              applicants: answer.data.listing.applicants,
              lots: answer.data.listing.lots_applied,
            })
          : answerText(answer, (name) => name).text,
      ),
    );
  if (counted !== null) return <span data-testid="bo-ipo-applied">{counted}</span>;
  return (
    <button type="button" onClick={count}>
      {t('bo.listings.ipo.count')}
    </button>
  );
}

function IpoRow({ listing, onEdit }: { listing: Listing; onEdit: () => void }) {
  const { t } = useTranslation();
  const l = listing;
  const market = marketOf(l.market) ?? 'JP';
  const when = (ms: number) => formatExchange(ms, market);
  const flags = [
    l.drawn ? t('bo.listings.ipo.drawn') : '',
    l.listed ? t('bo.listings.ipo.listed') : '',
  ];
  return (
    <tr data-testid={`bo-ipo-${l.symbol}`}>
      <td>
        <strong>{l.symbol}</strong>
        <div className="bo-muted">{nameIn(l.names)}</div>
      </td>
      <td>{t(`bo.listings.ipo.boards.${l.board}`, { defaultValue: l.board })}</td>
      <td className="bo-num bo-when">{formatAmount(l.price, l.currency)}</td>
      <td className="bo-when">
        {when(l.subscribe_start)}
        <br />– {when(l.subscribe_end)}
      </td>
      <td className="bo-when">
        {t('bo.listings.ipo.drawAt', { when: when(l.draw_at) })}
        <br />
        {t('bo.listings.ipo.listAt', { when: when(l.listing_date) })}
      </td>
      <td className="bo-when">
        {t(`bo.listings.status.${l.status}`)}
        <div className="bo-muted">{flags.filter(Boolean).join(' · ')}</div>
      </td>
      <td>
        <Applications listing={l} />
      </td>
      <td>
        <button type="button" onClick={onEdit}>
          {t('bo.listings.edit')}
        </button>
      </td>
    </tr>
  );
}

/** `#/listings/ipo`: every new-share listing; create one, or edit one (the module says until when). */
export function IpoListingsScreen() {
  const { t } = useTranslation();
  const [rows, load] = useAdminList('ipo/list');
  const { editing, setEditing, said, save } = useListingEdits<Listing, Record<IpoField, string>>({
    labels: LABELS,
    load,
    create: (body) => adminCall('ipo/create', body),
    update: (body) => adminCall('ipo/update', body),
  });
  return (
    <section data-testid="bo-listings-ipo">
      <header className="bo-section-head">
        <h1>{t('bo.nav.ipo')}</h1>
      </header>
      <table className="bo-table bo-listings">
        <ListHead cols={IPO_COLS} labels="bo.listings.ipo.cols" />
        <tbody>
          {rows.map((row) => (
            <IpoRow key={row.id} listing={row} onEdit={() => setEditing(row)} />
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="bo-muted">{t('bo.listings.none')}</p> : null}
      <SaidLine said={said} />
      <TermsForm
        key={editing?.id ?? 'new'}
        spec={ipoForm}
        labels={LABELS}
        title={
          editing
            ? t('bo.listings.editing', { what: `${editing.symbol} ${nameIn(editing.names)}` })
            : t('bo.listings.ipo.create')
        }
        submit={editing ? t('bo.listings.save') : t('bo.listings.create')}
        initial={editing ? termsOf(editing) : {}}
        onSubmit={save}
        {...(editing ? { onCancel: () => setEditing(null) } : {})}
        testId="bo-ipo-form"
      />
    </section>
  );
}
