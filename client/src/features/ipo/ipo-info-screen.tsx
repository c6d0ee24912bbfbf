import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { merge, filter } from 'rxjs';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { accountResync$ } from '../../lib/account-seq.ts';
import { ipoApi, type IpoDetail } from './ipo.api.ts';
import {
  Field,
  PhaseTag,
  QuoteLink,
  RefusalNote,
  StateTag,
  orDash,
  when,
  whenExact,
} from './ipo-bits.tsx';
import { SubscribeForm } from './subscribe-form.tsx';

const percent = (value: string | null) => (value === null ? '--' : `${value}%`);

/** The allotment rate: '--' until drawn and when nobody applied (never NaN, Infinity or 0%). */
const rateShown = (d: IpoDetail) =>
  d.applicants === 0 || d.lots_applied === 0 ? '--' : percent(d.allotment_rate);

/** The listing's name, phase, quote link once listed, and its prices. */
function ListingPrices({ d }: { d: IpoDetail }) {
  const { t } = useTranslation();
  const money = (value: string | null) => (value === null ? '--' : formatAmount(value, d.currency));
  return (
    <>
      <div className="ipo-row-head">
        <span className="ipo-section-title">
          {d.name} <small className="muted">{d.symbol}</small>
        </span>
        <PhaseTag status={d.status} drawn={d.drawn} listed={d.listed} />
      </div>
      <QuoteLink symbol={d.symbol} listed={d.listed} />
      <Field label={t('ipo.field.market')}>
        {t(`quotes.market.${d.market}`, { defaultValue: d.market })}
      </Field>
      <Field label={t('ipo.field.price')} id="ipo-price">
        {money(d.price)}
      </Field>
      <Field
        label={t(d.listed ? 'ipo.field.marketPrice' : 'ipo.field.referencePrice')}
        id="ipo-market-price"
      >
        {money(d.market_price)}
      </Field>
      <Field label={t('ipo.field.premium')}>{percent(d.premium_spread)}</Field>
      <Field label={t('ipo.field.cap')}>{money(d.subscription_cap)}</Field>
      <Field label={t('ipo.field.underwritingPrice')}>{money(d.underwriting_price)}</Field>
    </>
  );
}

/** The spec's new-share fields. */
function ListingFacts({ d }: { d: IpoDetail }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="ipo-facts">
      <ListingPrices d={d} />
      <Field label={t('ipo.field.per')}>{orDash(d.per)}</Field>
      <Field label={t('ipo.field.lots')}>
        {t('ipo.lotRange', { min: formatCount(d.min_lots), max: formatCount(d.max_lots) })}
      </Field>
      <Field label={t('ipo.field.lot')}>
        {t('ipo.shares', { count: d.lot, shown: formatCount(d.lot) })}
      </Field>
      <Field label={t('ipo.field.lotsOffered')}>{formatCount(d.lots_offered)}</Field>
      <Field label={t('ipo.field.issueVolume')}>{formatCount(d.issue_volume)}</Field>
      <Field label={t('ipo.field.applicants')} id="ipo-applicants">
        {formatCount(d.applicants)}
      </Field>
      <Field label={t('ipo.field.allotmentRate')} id="ipo-allotment-rate">
        {rateShown(d)}
      </Field>
      <Field label={t('ipo.field.leadUnderwriter')}>{d.lead_underwriter}</Field>
    </div>
  );
}

function ListingDates({ d }: { d: IpoDetail }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="ipo-dates">
      <Field label={t('ipo.field.subscribeStart')}>{when(d.subscribe_start)}</Field>
      <Field label={t('ipo.field.subscribeEnd')}>{when(d.subscribe_end)}</Field>
      <Field label={t('ipo.field.drawAt')}>{when(d.draw_at)}</Field>
      <Field label={t('ipo.field.payDeadline')}>{when(d.pay_deadline)}</Field>
      <Field label={t('ipo.field.listingDate')}>{when(d.listing_date)}</Field>
    </div>
  );
}

/** The caller's own subscription: ticket, state, lots won, amount due. */
function MySubscription({ d }: { d: IpoDetail }) {
  const { t } = useTranslation();
  const mine = d.mine;
  if (!mine) return null;
  return (
    <div className="card" data-testid="ipo-mine">
      <div className="ipo-row-head">
        <span className="ipo-section-title">{t('ipo.mine')}</span>
        <StateTag state={mine.status} />
      </div>
      <Field label={t('ipo.field.lotsAsked')}>{formatCount(mine.lots)}</Field>
      <Field label={t('ipo.field.lotsWon')} id="mine-lots-won">
        {formatCount(mine.lots_won)}
      </Field>
      <Field
        label={t(
          ['paid', 'listed', 'sold'].includes(mine.status)
            ? 'ipo.field.amountPaid'
            : 'ipo.field.amountDue',
        )}
        id="mine-amount-due"
      >
        {mine.amount_due === null ? '--' : formatAmount(mine.amount_due, d.currency)}
      </Field>
      <div className="muted">{t('ipo.field.ticket')}</div>
      <div className="ipo-hex" data-testid="mine-ticket">
        {mine.ticket}
      </div>
      <div className="ipo-row-actions">
        <Link to="/mine/newShareOrder" data-testid="mine-records-link">
          {t('ipo.records')} ›
        </Link>
      </div>
    </div>
  );
}

function useDetail(id: string) {
  const [state, setState] = useState<{ detail: IpoDetail | null; refusal: string | null }>();
  const reload = useCallback(() => ipoApi.detail(id).then(setState), [id]);
  useEffect(() => {
    void reload();
    // The draw of this listing (or a lost event, a reconnect) refreshes it without a reload.
    const live = merge(
      fromSocketEvent('allotment:drawn').pipe(filter((e) => e.ipo_id === id)),
      accountResync$(),
    ).subscribe(() => void reload());
    return () => live.unsubscribe();
  }, [id, reload]);
  return { state, reload };
}

/** /home/newShareInfo?id=: the listing, the caller's subscription, the form, the check page once drawn. */
export function IpoInfoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { state, reload } = useDetail(id);
  const d = state?.detail;
  // A refused subscription is said in words above everything and stays until the next attempt,
  // even when the reload that follows replaces the form (a second tab's `new_share_once`).
  const [refusal, setRefusal] = useState<string | null>(null);
  const answered = (msg: string | null) => {
    setRefusal(msg);
    void reload();
  };
  return (
    <div className="screen" data-testid="ipo-info-screen" data-loaded={state ? 'yes' : 'no'}>
      <HeaderBar title={t('ipo.detailTitle')} />
      {state && !d ? <NoData note={translateMsg(state.refusal ?? 'not_found')} /> : null}
      {d ? (
        <>
          {refusal ? (
            <div className="card" style={{ paddingTop: 4 }}>
              <RefusalNote msg={refusal} id="subscribe-refusal" />
            </div>
          ) : null}
          <MySubscription d={d} />
          {!d.mine && d.status === 'open' ? <SubscribeForm detail={d} onAnswer={answered} /> : null}
          {!d.mine && d.status === 'upcoming' ? (
            <div className="card muted" data-testid="ipo-opens">
              {t('ipo.opensAt', { at: when(d.subscribe_start) })}
            </div>
          ) : null}
          {d.drawn ? (
            <Link
              className="card"
              style={{ display: 'block' }}
              to={`/home/newShareCheck?id=${d.id}`}
              data-testid="check-link"
            >
              {t('ipo.check.link')} ›
            </Link>
          ) : (
            <div className="card muted" data-testid="ipo-commitment">
              {t('ipo.check.committed')} <span className="ipo-hex">{d.seed_commitment}</span>
              {d.list_hash ? (
                <div data-testid="ipo-list-hash" style={{ marginTop: 8 }}>
                  {t('ipo.check.frozenList', { at: whenExact(d.list_frozen_at) })}{' '}
                  <span className="ipo-hex">{d.list_hash}</span>
                </div>
              ) : null}
            </div>
          )}
          <ListingFacts d={d} />
          <ListingDates d={d} />
        </>
      ) : null}
    </div>
  );
}
