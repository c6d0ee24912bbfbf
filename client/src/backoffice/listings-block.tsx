import { useTranslation } from 'react-i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { findInstrument, parseScaledPrice } from '@kabuto/schema/market';
import {
  BLOCK_MARKETS_DEFAULT,
  discountPercent,
} from '@kabuto/schema/modules/block/domain/offer.ts';
import { formatAmount, formatCount } from '../lib/format.ts';
import { adminCall } from './admin-api.ts';
import { exchangeInput, formatExchange, marketOf } from './exchange-time.ts';
import { TermsForm, type FieldSpec } from './listings-form.tsx';
import { ListHead, nameIn, SaidLine, useAdminList, useListingEdits } from './listings-list.tsx';

type Offer = AdminCallMap['block/list']['output'][number];
type OfferField = keyof AdminCallMap['block/create']['input'];

const LABELS = 'bo.listings.block.fields';
const OFFER_COLS = ['id', 'stock', 'price', 'lots', 'perBuyer', 'rule', 'window', 'status'];

/**
 * Every field `block/create` and `block/update` take, for the symbol typed so far: its market's
 * zone for the times, its currency for the price and its lot for the lots (a symbol the catalogue
 * does not know is taken to be on the market block offers are on by default).
 */
function offerForm(values: Partial<Record<OfferField, string>>, lotUnit: (lot: number) => string) {
  const instrument = findInstrument((values.symbol ?? '').trim().toUpperCase());
  const market = instrument?.market ?? BLOCK_MARKETS_DEFAULT[0] ?? 'JP';
  const lots: FieldSpec = { kind: 'number' };
  const lot = instrument ? { note: lotUnit(instrument.quantity.lotSize) } : {};
  const time: FieldSpec = { kind: 'time', market };
  const form: Record<OfferField, FieldSpec> = {
    symbol: { kind: 'text' },
    price: { kind: 'amount', ...(instrument ? { unit: instrument.currency } : {}) },
    ...{ lots_total: { ...lots, ...lot }, min_lots: lots, max_lots: lots },
    rule: { kind: 'choice', options: ['first_come', 'lottery'], labels: 'bo.listings.block.rules' },
    key: { kind: 'secret', optional: true, hint: 'bo.listings.block.keyHint' },
    ...{ opens_at: time, closes_at: time, settles_at: time },
  };
  return form;
}

/** An offer's terms as the form shows them; the key is never shown (it is stored hashed). */
function termsOf(o: Offer): Record<OfferField, string> {
  const market = marketOf(o.market) ?? 'JP';
  return {
    ...{ symbol: o.symbol, price: o.price, lots_total: String(o.lots_total) },
    ...{ min_lots: String(o.min_lots), max_lots: String(o.max_lots), rule: o.rule, key: '' },
    ...{ opens_at: exchangeInput(o.opens_at, market) },
    ...{ closes_at: exchangeInput(o.closes_at, market) },
    ...{ settles_at: exchangeInput(o.settles_at, market) },
  };
}

/** The offer's discount to the previous close it was priced from, as the buyers see it. */
function discountOf(o: Offer): string | null {
  const market = marketOf(o.market);
  if (!market) return null;
  const price = (text: string) => parseScaledPrice(text, market);
  try {
    return discountPercent(price(o.price), price(o.prev_close));
  } catch {
    return null;
  }
}

const what = (o: Offer) => `#${o.id} ${o.symbol} ${nameIn(o.names)}`;

function OfferRow(props: { offer: Offer; onEdit: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const o = props.offer;
  const market = marketOf(o.market) ?? 'JP';
  const when = (ms: number) => formatExchange(ms, market);
  const discount = discountOf(o);
  return (
    <tr data-testid={`bo-block-${o.id}`}>
      <td>{o.id}</td>
      <td>
        <strong>{o.symbol}</strong>
        <div className="bo-muted">{nameIn(o.names)}</div>
      </td>
      <td className="bo-num bo-when">
        {formatAmount(o.price, o.currency)}
        <div className="bo-muted">
          {t('bo.listings.block.prevClose', { price: formatAmount(o.prev_close, o.currency) })}
        </div>
        {discount !== null ? (
          <div className="bo-muted" data-testid="bo-block-discount">
            {t('bo.listings.block.discount', { percent: discount })}
          </div>
        ) : null}
      </td>
      <td className="bo-num bo-when">
        {formatCount(o.lots_left)} / {formatCount(o.lots_total)}
        <div className="bo-muted">
          {t('bo.listings.block.lotSize', { shares: formatCount(o.lot) })}
        </div>
        <div className="bo-muted">
          {t('bo.listings.block.sold', { lots: formatCount(o.lots_sold), buyers: o.buyers })}
        </div>
      </td>
      <td className="bo-num">
        {o.min_lots}–{o.max_lots}
      </td>
      <td className="bo-when">
        {t(`bo.listings.block.rules.${o.rule}`)}
        {o.needs_key ? <div className="bo-muted">{t('bo.listings.block.keyed')}</div> : null}
      </td>
      <td className="bo-when">
        {when(o.opens_at)}
        <br />– {when(o.closes_at)}
        <div className="bo-muted">
          {t('bo.listings.block.settlesAt', { when: when(o.settles_at) })}
        </div>
      </td>
      <td className="bo-when" data-testid="bo-block-status">
        {t(`bo.listings.status.${o.status}`)}
      </td>
      <td>
        <div className="bo-buttons">
          <button type="button" onClick={props.onEdit}>
            {t('bo.listings.edit')}
          </button>
          <button type="button" className="bo-danger" onClick={props.onClose}>
            {t('bo.listings.block.close')}
          </button>
        </div>
      </td>
    </tr>
  );
}
/** `#/listings/block`: every block offer; create, edit (before it opens) or close one now. */
export function BlockOffersScreen() {
  const { t } = useTranslation();
  const [rows, load] = useAdminList('block/list');
  const edits = useListingEdits<Offer, Record<OfferField, string>>({
    labels: LABELS,
    load,
    create: (body) => adminCall('block/create', body),
    update: (body) => adminCall('block/update', body),
  });
  const { editing, setEditing, said, save } = edits;
  const lotUnit = (lot: number) => t('bo.listings.block.lotSize', { shares: formatCount(lot) });
  const close = (offer: Offer) =>
    edits.act(t('bo.listings.block.confirmClose', { what: what(offer) }), () =>
      adminCall('block/close', { id: offer.id }),
    );
  return (
    <section data-testid="bo-listings-block">
      <header className="bo-section-head">
        <h1>{t('bo.nav.block')}</h1>
      </header>
      <table className="bo-table bo-listings">
        <ListHead cols={OFFER_COLS} labels="bo.listings.block.cols" />
        <tbody>
          {rows.map((row) => (
            <OfferRow
              key={row.id}
              offer={row}
              onEdit={() => setEditing(row)}
              onClose={() => close(row)}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="bo-muted">{t('bo.listings.none')}</p> : null}
      <SaidLine said={said} />
      <TermsForm
        key={editing?.id ?? 'new'}
        spec={(values) => offerForm(values, lotUnit)}
        labels={LABELS}
        title={
          editing
            ? t('bo.listings.editing', { what: what(editing) })
            : t('bo.listings.block.create')
        }
        submit={editing ? t('bo.listings.save') : t('bo.listings.create')}
        initial={editing ? termsOf(editing) : {}}
        onSubmit={save}
        {...(editing ? { onCancel: () => setEditing(null) } : {})}
        testId="bo-block-form"
      />
    </section>
  );
}
