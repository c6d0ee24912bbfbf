import { useTranslation } from 'react-i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { findInstrument } from '@kabuto/schema/market';
import { formatDay } from '../lib/format-time.ts';
import { formatAmount, formatCount, formatMoney } from '../lib/format.ts';
import { adminCall } from './admin-api.ts';
import { exchangeInput, formatExchange, marketOf } from './exchange-time.ts';
import { TermsForm, type FieldSpec } from './listings-form.tsx';
import { ListHead, SaidLine, useAdminList, useListingEdits } from './listings-list.tsx';

type Product = AdminCallMap['product/list']['output'][number];
type ProductField = keyof AdminCallMap['product/create']['input'];

const LABELS = 'bo.listings.products.fields';
const PRODUCT_COLS = [
  'id',
  'name',
  'strategy',
  'minAmount',
  'deadline',
  'terms',
  'nav',
  'holders',
  'status',
];
const whole: FieldSpec = { kind: 'number' };

/**
 * Every field `product/create` and `product/update` take (no field sets a NAV or a balance), for
 * the universe typed so far: its market's currency for the minimum, its zone for the deadline.
 */
function productForm(values: Partial<Record<ProductField, string>>) {
  const first = (values.universe ?? '').split(',')[0]?.trim().toUpperCase() ?? '';
  const instrument = findInstrument(first);
  const form: Record<ProductField, FieldSpec> = {
    name: { kind: 'text' },
    issuer: { kind: 'text' },
    strategy: {
      kind: 'choice',
      options: ['momentum', 'pair', 'low_vol'],
      labels: 'bo.listings.products.strategies',
    },
    universe: { kind: 'text', hint: 'bo.listings.products.universeHint' },
    min_amount: {
      kind: 'amount',
      hint: 'bo.listings.products.minAmountHint',
      ...(instrument ? { unit: instrument.currency } : {}),
    },
    deadline_at: { kind: 'time', market: instrument?.market ?? 'JP' },
    lockup_days: whole,
    fee_bps: { kind: 'number', hint: 'bo.listings.products.feeHint' },
    first_date: { kind: 'day', optional: true, hint: 'bo.listings.products.firstDateHint' },
  };
  return form;
}

/**
 * A product's terms as the form shows them. The list answers the minimum in the currency's
 * decimals ("1000.00"); the calls take whole units, so the zero decimals are dropped here.
 */
function termsOf(p: Product): Record<ProductField, string> {
  const deadline = exchangeInput(p.deadline, marketOf(p.market) ?? 'JP');
  return {
    ...{ name: p.name, issuer: p.issuer, strategy: p.strategy, universe: p.universe.join(',') },
    ...{ min_amount: p.min_amount.replace(/\.0+$/, ''), deadline_at: deadline },
    ...{ lockup_days: String(p.lockup_days), fee_bps: String(p.fee_bps), first_date: '' },
  };
}

/** Basis points a year as a percentage: 100 → "1.00". */
const percentOf = (bps: number) => (bps / 100).toFixed(2);

const what = (p: Product) => `#${p.id} ${p.name}`;

function ProductRow(props: { product: Product; onEdit: () => void; onMove: (to: Move) => void }) {
  const { t } = useTranslation();
  const p = props.product;
  return (
    <tr data-testid={`bo-product-${p.id}`}>
      <td>{p.id}</td>
      <td>
        {p.name}
        <div className="bo-muted">{p.issuer}</div>
      </td>
      <td>
        {t(`bo.listings.products.strategies.${p.strategy}`, { defaultValue: p.strategy })}
        <div className="bo-muted">{p.universe.join(' ')}</div>
      </td>
      <td className="bo-num bo-when">{formatAmount(p.min_amount, p.currency)}</td>
      <td className="bo-when">{formatExchange(p.deadline, marketOf(p.market) ?? 'JP')}</td>
      <td className="bo-when">
        {t('bo.listings.products.lockup', { days: p.lockup_days })}
        <div className="bo-muted">
          {t('bo.listings.products.fee', { percent: percentOf(p.fee_bps) })}
        </div>
      </td>
      <td className="bo-num">
        {formatMoney(p.nav)}
        <div className="bo-muted">{formatDay(p.nav_date)}</div>
      </td>
      <td className="bo-num">{formatCount(p.holders)}</td>
      <td className="bo-when" data-testid="bo-product-status">
        {t(`bo.listings.status.${p.listing_status}`, { defaultValue: p.listing_status })}
      </td>
      <td>
        <div className="bo-buttons">
          <button type="button" onClick={props.onEdit}>
            {t('bo.listings.edit')}
          </button>
          {p.listing_status === 'draft' ? (
            <button type="button" onClick={() => props.onMove('open')}>
              {t('bo.listings.products.open')}
            </button>
          ) : null}
          {p.listing_status === 'closed' ? null : (
            <button type="button" className="bo-danger" onClick={() => props.onMove('close')}>
              {t('bo.listings.products.close')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

type Move = 'open' | 'close';

/** `#/listings/products`: every product, drafts too; create, edit a draft, open and close. */
export function ProductsScreen() {
  const { t } = useTranslation();
  const [rows, load] = useAdminList('product/list');
  const edits = useListingEdits<Product, Record<ProductField, string>>({
    labels: LABELS,
    load,
    create: (body) => adminCall('product/create', body),
    update: (body) => adminCall('product/update', body),
  });
  const { editing, setEditing, said, save } = edits;
  const move = (product: Product, to: Move) => {
    const asked = to === 'open' ? 'confirmOpen' : 'confirmClose';
    edits.act(t(`bo.listings.products.${asked}`, { what: what(product) }), () =>
      adminCall(`product/${to}`, { id: product.id }),
    );
  };
  return (
    <section data-testid="bo-listings-products">
      <header className="bo-section-head">
        <h1>{t('bo.nav.products')}</h1>
      </header>
      <table className="bo-table bo-listings">
        <ListHead cols={PRODUCT_COLS} labels="bo.listings.products.cols" />
        <tbody>
          {rows.map((row) => (
            <ProductRow
              key={row.id}
              product={row}
              onEdit={() => setEditing(row)}
              onMove={(to) => move(row, to)}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="bo-muted">{t('bo.listings.none')}</p> : null}
      <SaidLine said={said} />
      <TermsForm
        key={editing?.id ?? 'new'}
        spec={productForm}
        labels={LABELS}
        title={
          editing
            ? t('bo.listings.editing', { what: what(editing) })
            : t('bo.listings.products.create')
        }
        submit={editing ? t('bo.listings.save') : t('bo.listings.create')}
        initial={editing ? termsOf(editing) : {}}
        onSubmit={save}
        {...(editing ? { onCancel: () => setEditing(null) } : {})}
        testId="bo-product-form"
      />
    </section>
  );
}
