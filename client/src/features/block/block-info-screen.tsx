import { Button, Dialog, Input, Stepper } from 'antd-mobile';
import i18next from 'i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field, RefusalNote } from '../../components/product-bits.tsx';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { formatWhen } from '../../lib/format-time.ts';
import { newRequestId } from '../../lib/api-client.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { topicUpdates$ } from '../../lib/topic-stream.ts';
import { blockApi, type BlockDetail } from './block.api.ts';
import { BlockDrawCheck } from './block-check.tsx';
import { bt } from './block-texts.ts';
import { timesDecimal } from './times-decimal.ts';

/**
 * How often an open detail screen reloads the offer (its phase moves with the clock); its lots
 * left come live from the `block` topic.
 */
const DETAIL_REFRESH_MS = 60_000;

/** Why the button is off, in words (nothing when it is on). */
function buyBlocker(detail: BlockDetail): string | null {
  if (detail.status === 'upcoming') return bt('opensAt', { at: formatWhen(detail.opens_at) });
  if (detail.status === 'closed') return bt('closedNote');
  if (detail.lottery) return detail.my_application ? bt('drawPending') : null;
  if (detail.lots_left === 0) return bt('soldOut');
  return mostLots(detail) < detail.min_lots ? bt('quotaUsed', { n: detail.my_lots }) : null;
}

/** The most lots the caller may still take: the per-buyer maximum less what they hold on it. */
function mostLots(detail: BlockDetail): number {
  const quota = detail.lottery ? detail.max_lots : detail.max_lots - detail.my_lots;
  return detail.lottery ? quota : Math.min(quota, detail.lots_left);
}

/** What the stepper holds as whole lots inside the range (typed "1.5" or cleared is not a lot count). */
function wholeLots(value: number | null, detail: BlockDetail): number {
  const whole = Math.floor(Number(value ?? detail.min_lots));
  if (!Number.isSafeInteger(whole)) return detail.min_lots;
  return Math.min(Math.max(whole, detail.min_lots), Math.max(detail.min_lots, mostLots(detail)));
}

/** Asks before the money moves: the offer, the lots, the shares, the price and what is held. */
function confirmPurchase(detail: BlockDetail, lots: number): Promise<boolean> {
  const said = {
    name: `${detail.name} (${detail.symbol})`,
    lots: formatCount(lots),
    shares: formatCount(lots * detail.lot),
    price: formatAmount(detail.price, detail.currency),
    cost: formatAmount(timesDecimal(detail.lot_cost, lots), detail.currency),
  };
  return Dialog.confirm({
    content: bt(detail.lottery ? 'confirmApply' : 'confirmBuy', said),
    confirmText: i18next.t('common.confirm'),
    cancelText: i18next.t('common.cancel'),
  });
}

function BuySheet({ detail, onBought }: { detail: BlockDetail; onBought: () => void }) {
  const [lots, setLots] = useState(detail.min_lots);
  const [key, setKey] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One request id per intent: a retry of the same lots and key answers the first result; a
  // purchase that went through ends the intent (another tap is another purchase).
  const [bought, setBought] = useState(0);
  const requestId = useMemo(() => newRequestId(), [lots, key, bought]); // eslint-disable-line react-hooks/exhaustive-deps
  const lottery = detail.lottery !== null;
  const blocker = buyBlocker(detail);
  const buy = async () => {
    if (!(await confirmPurchase(detail, lots))) return;
    setBusy(true);
    const answer = await blockApi.buy(detail.id, lots, detail.needs_key ? key : null, requestId);
    setBusy(false);
    if (answer.ok) {
      showMessage(translateMsg(answer.msg));
      setRefusal(null);
      setBought((n) => n + 1);
      onBought();
    } else {
      setRefusal(answer.msg);
    }
  };
  if (blocker) {
    return (
      <div className="muted" data-testid="block-blocker" style={{ padding: 12 }}>
        {blocker}
      </div>
    );
  }
  return (
    <div className="block-buy" data-testid="block-buy-sheet" style={{ padding: 12 }}>
      {lottery ? <div className="muted">{bt('lotteryNote')}</div> : null}
      <div className="muted">{`${bt('lots')} (${detail.min_lots}–${mostLots(detail)})`}</div>
      <Stepper
        data-testid="block-lots"
        min={detail.min_lots}
        max={Math.max(detail.min_lots, mostLots(detail))}
        value={lots}
        digits={0}
        onChange={(value) => setLots(wholeLots(value, detail))}
      />
      <Field label={bt('cost')} id="block-cost">
        {formatAmount(timesDecimal(detail.lot_cost, lots), detail.currency)}
      </Field>
      {detail.needs_key ? (
        <div style={{ marginTop: 8 }}>
          <span className="muted">{bt('key')}</span>
          <Input data-testid="block-key" value={key} onChange={setKey} placeholder={bt('key')} />
        </div>
      ) : null}
      <RefusalNote msg={refusal} id="block-refusal" />
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        data-testid="block-buy"
        loading={busy}
        onClick={() => void buy()}
      >
        {lottery ? bt('apply') : bt('buy')}
      </Button>
    </div>
  );
}

/** A lottery offer's published figures: applications so far, the commitment, the list hash. */
function LotteryFacts({ detail }: { detail: BlockDetail }) {
  const navigate = useNavigate();
  const lottery = detail.lottery;
  if (!lottery) return null;
  const times = lottery.lots_applied / detail.lots_total;
  const mine = detail.my_application;
  return (
    <>
      <Field label={bt('applied')} id="block-applied">
        {`${formatCount(lottery.lots_applied)} (${bt('applicants', {
          n: formatCount(lottery.applicants),
          x: times.toFixed(1),
        })})`}
      </Field>
      <Field label={bt('seedCommitment')}>
        <code style={{ wordBreak: 'break-all', fontSize: 11 }}>{lottery.seed_commitment}</code>
      </Field>
      {lottery.list_hash ? (
        <Field label={bt('listHash')}>
          <code style={{ wordBreak: 'break-all', fontSize: 11 }}>{lottery.list_hash}</code>
        </Field>
      ) : null}
      {mine ? (
        <Field label={bt('yourApplication')} id="block-my-application">
          {`${formatCount(mine.lots_applied)} · ${
            mine.lots_won === null
              ? bt('drawPending')
              : mine.lots_won === 0
                ? bt('lost')
                : bt('wonLots', { n: mine.lots_won })
          }`}
        </Field>
      ) : null}
      {lottery.drawn ? (
        <Button
          block
          size="small"
          style={{ marginTop: 8 }}
          data-testid="block-check-link"
          onClick={() => void navigate(`/home/largeInfo?id=${detail.id}&check=1`)}
        >
          {bt('checkDraw')}
        </Button>
      ) : null}
    </>
  );
}

function OfferFacts({ detail }: { detail: BlockDetail }) {
  const lottery = detail.lottery !== null;
  return (
    <>
      <div className="name" data-testid="block-name">
        {detail.name} <small className="muted">{detail.symbol}</small>
      </div>
      <Field label={bt('price')}>{formatAmount(detail.price, detail.currency)}</Field>
      <Field label={bt('prevClose')}>{formatAmount(detail.prev_close, detail.currency)}</Field>
      <Field label={bt('livePrice')}>
        {detail.live_price ? formatAmount(detail.live_price, detail.currency) : '-'}
      </Field>
      <Field label={detail.discount ? bt('discountLive') : bt('discountPrev')} id="block-discount">
        {`${detail.discount ?? detail.discount_to_prev_close}%`}
      </Field>
      {lottery ? (
        <Field label={bt('lotsOffered')}>{formatCount(detail.lots_total)}</Field>
      ) : (
        <Field label={bt('lotsLeft')} id="block-lots-left">
          {`${formatCount(detail.lots_left)} / ${formatCount(detail.lots_total)}`}
        </Field>
      )}
      <Field label={bt('lotsRange')}>
        {`${formatCount(detail.min_lots)} – ${formatCount(detail.max_lots)}`}
      </Field>
      <Field label={bt('lot')}>{formatCount(detail.lot)}</Field>
      <Field label={bt('rule')}>{bt(detail.rule)}</Field>
      <Field label={bt('window')}>
        {`${formatWhen(detail.opens_at)} – ${formatWhen(detail.closes_at)}`}
      </Field>
      <Field label={bt('settles')}>{formatWhen(detail.settles_at)}</Field>
      {lottery ? null : (
        <Field label={bt('myLots')} id="block-my-lots">
          {formatCount(detail.my_lots)}
        </Field>
      )}
    </>
  );
}

/** The offer as shown, with the lots left and applied as the `block` topic says them now. */
function withLots(
  detail: BlockDetail,
  lots: { lots_left: number; lots_applied: number; applicants: number },
): BlockDetail {
  const lottery = detail.lottery && {
    ...detail.lottery,
    lots_applied: lots.lots_applied,
    applicants: lots.applicants,
  };
  return { ...detail, lots_left: lots.lots_left, lottery };
}

/**
 * /home/largeInfo?id=: the offer, its discount to the live price, lots left (or, for a lottery,
 * the lots applied for and the draw's published figures), and the buy sheet; with `&check=1`,
 * the draw rerun in this browser.
 */
export function BlockInfoScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const checking = params.get('check') === '1';
  const [detail, setDetail] = useState<BlockDetail | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const reload = useCallback(
    () =>
      blockApi.detail(id).then((answer) => {
        setDetail(answer.detail);
        setMissing(answer.refusal);
      }),
    [id],
  );
  useEffect(() => {
    void reload();
    if (checking) return undefined;
    const timer = setInterval(() => void reload(), DETAIL_REFRESH_MS);
    const live = topicUpdates$('block', id).subscribe((update) => {
      if ('resync' in update) void reload();
      else setDetail((shown) => shown && withLots(shown, update.data));
    });
    return () => {
      clearInterval(timer);
      live.unsubscribe();
    };
  }, [reload, checking, id]);
  if (checking && detail) return <BlockDrawCheck detail={detail} />;
  return (
    <div className="screen" data-testid="block-info-screen" data-loaded={detail ? 'yes' : 'no'}>
      <HeaderBar title={bt('detail')} />
      {missing ? <NoData /> : null}
      {detail ? (
        <div style={{ padding: 12 }}>
          <OfferFacts detail={detail} />
          <LotteryFacts detail={detail} />
          <BuySheet detail={detail} onBought={() => void reload()} />
        </div>
      ) : null}
    </div>
  );
}
