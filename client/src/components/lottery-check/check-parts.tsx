import { ProgressBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format.ts';
import { whenExact } from '../../lib/format-time.ts';
import { Field } from '../product-bits.tsx';
import type { BeaconTiming, CheckVerdict, ProofSummary } from './proof-protocol.ts';
import type { CheckState } from './use-proof-check.ts';

const Hex = ({ value, id }: { value: string | null; id?: string }) => (
  <span className="ipo-hex" data-testid={id}>
    {value ?? '--'}
  </span>
);

/**
 * The rule in the reader's words, above the formal rule (which stays as published: it is the text
 * the proof carries). Says what the beacon of this listing was: drand, or our own (not independent).
 */
export function RuleInPlainWords({ beaconKind }: { beaconKind: string }) {
  const { t } = useTranslation();
  const beacon = beaconKind === 'drand' ? 'beaconDrand' : 'beaconLocal';
  const steps = ['commit', 'list', beacon, 'mix', 'rounds', 'rerun'];
  return (
    <div className="card ipo-plain-rule" data-testid="check-plain-rule" data-beacon={beaconKind}>
      <div className="ipo-section-title">{t('ipo.check.plain.title')}</div>
      <ol>
        {steps.map((step) => (
          <li key={step} data-testid={`check-plain-${step}`}>
            {t(`ipo.check.plain.${step}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The published inputs of the draw: commitment, seed, beacon, list hash, draw seed. */
export function Published({ s }: { s: ProofSummary }) {
  const { t } = useTranslation();
  const beacon =
    s.beacon_kind === 'local'
      ? `${t('ipo.check.beaconLocal')} · ${t('ipo.check.notIndependent')}`
      : `drand quicknet · ${t('ipo.check.round', { round: s.beacon_round ?? '--' })}`;
  return (
    <div className="card" data-testid="check-published">
      <div className="ipo-section-title">{t('ipo.check.published')}</div>
      <Field label={t('ipo.check.entries')} id="check-entries">
        {formatCount(s.entries)}
      </Field>
      <Field label={t('ipo.field.lotsOffered')}>{formatCount(s.lots_offered)}</Field>
      <Field label={t('ipo.check.lotsApplied')}>{formatCount(s.lotsApplied)}</Field>
      <Field label={t('ipo.check.beacon')} id="check-beacon-kind">
        {beacon}
      </Field>
      <Field label={t('ipo.check.frozenAt')} id="check-frozen-at">
        {whenExact(s.list_frozen_at)}
      </Field>
      {s.timing.kind === 'drand' ? (
        <Field label={t('ipo.check.beaconAt')} id="check-beacon-at">
          {whenExact(s.timing.publishedAt)}
        </Field>
      ) : null}
      <div className="muted ipo-hex-label">{t('ipo.check.commitment')}</div>
      <Hex value={s.seed_commitment} id="check-commitment" />
      <div className="muted ipo-hex-label">{t('ipo.check.seed')}</div>
      <Hex value={s.seed} id="check-seed" />
      <div className="muted ipo-hex-label">{t('ipo.check.beaconValue')}</div>
      <Hex value={s.beacon} id="check-beacon" />
      <div className="muted ipo-hex-label">{t('ipo.check.listHash')}</div>
      <Hex value={s.list_hash} id="check-list-hash" />
      <div className="muted ipo-hex-label">{t('ipo.check.drawSeed')}</div>
      <Hex value={s.draw_seed} id="check-draw-seed" />
      <div className="muted ipo-hex-label">{t('ipo.check.rule')}</div>
      <div className="ipo-rule" data-testid="check-rule">
        {s.rule}
      </div>
    </div>
  );
}

function Verdict({ label, ok, id }: { label: string; ok: boolean; id: string }) {
  const { t } = useTranslation();
  return (
    <div className="ipo-verdict">
      <span>{label}</span>
      <span className={ok ? 'ipo-ok' : 'ipo-bad'} data-testid={id} data-ok={ok ? 'yes' : 'no'}>
        {ok ? t('ipo.check.matches') : t('ipo.check.differs')}
      </span>
    </div>
  );
}

/** What the order of freeze and beacon says: `ok` and `notFirst`/`before` for drand; no verdict otherwise. */
function orderSentence(timing: BeaconTiming): { key: string; ok: 'yes' | 'no' | 'na' } {
  if (timing.kind !== 'drand') return { key: timing.kind, ok: 'na' };
  if (timing.ok) return { key: 'ok', ok: 'yes' };
  return { key: timing.after ? 'notFirst' : 'before', ok: 'no' };
}

/** The verdict on the order: the beacon was published after the list was frozen (drand only). */
export function BeaconOrder({ timing }: { timing: BeaconTiming }) {
  const { t } = useTranslation();
  const said = orderSentence(timing);
  const round = timing.kind === 'drand' ? timing.round : null;
  const tone = said.ok === 'yes' ? 'ipo-ok' : said.ok === 'no' ? 'ipo-bad' : 'muted';
  return (
    <div className="ipo-verdict-line">
      <span className="muted">{t('ipo.check.orderCheck')}</span>
      <div className={tone} data-testid="verdict-order" data-ok={said.ok}>
        {t(`ipo.check.order.${said.key}`, { round })}
      </div>
    </div>
  );
}

/** Each comparison, the overall sentence, and what the caller's ticket won. */
export function Verdicts({ v }: { v: CheckVerdict }) {
  const { t } = useTranslation();
  const all = v.commitmentOk && v.listHashOk && v.drawSeedOk && v.resultOk;
  return (
    <>
      <Verdict label={t('ipo.check.commitmentCheck')} ok={v.commitmentOk} id="verdict-commitment" />
      <Verdict label={t('ipo.check.listHashCheck')} ok={v.listHashOk} id="verdict-list-hash" />
      <Verdict label={t('ipo.check.drawSeedCheck')} ok={v.drawSeedOk} id="verdict-draw-seed" />
      <Verdict label={t('ipo.check.resultCheck')} ok={v.resultOk} id="verdict-result" />
      <div
        className={all ? 'ipo-ok' : 'ipo-bad'}
        data-testid="verdict-all"
        data-ok={all ? 'yes' : 'no'}
      >
        {all
          ? t('ipo.check.allMatch')
          : t('ipo.check.mismatch', {
              count: v.mismatchCount,
              shown: formatCount(v.mismatchCount),
            })}
      </div>
      <div className="muted">{t('ipo.check.took', { seconds: (v.ms / 1000).toFixed(2) })}</div>
    </>
  );
}

/** The caller's own ticket: lots asked and won, as published and as rerun here. */
export function OwnResult({ v }: { v: CheckVerdict }) {
  const { t } = useTranslation();
  const own = v.own;
  if (!own) return null;
  const won = own.recomputedWon ?? 0;
  return (
    <div className="card" data-testid="check-own">
      <div className="ipo-section-title">{t('ipo.check.yourTicket')}</div>
      <Hex value={own.ticket} />
      <Field label={t('ipo.field.lotsAsked')}>{formatCount(own.lots)}</Field>
      <Field label={t('ipo.check.publishedWon')}>{formatCount(own.publishedWon)}</Field>
      <Field label={t('ipo.check.rerunWon')} id="check-own-won">
        {formatCount(own.recomputedWon)}
      </Field>
      <div data-testid="check-own-sentence">
        {own.lots === null
          ? t('ipo.check.notInList')
          : won > 0
            ? t('ipo.check.youWon', { lots: formatCount(won) })
            : t('ipo.check.youLost')}
      </div>
    </div>
  );
}

/** Seconds since the check started, ticking: the page stays responsive while the worker runs. */
function Elapsed({ from, running }: { from: number; running: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [running]);
  return <span data-testid="check-elapsed">{((now - from) / 1000).toFixed(1)} s</span>;
}

const PERCENT = { download: 10, parse: 45, verify: 60, done: 100, refused: 100, failed: 100 };

/** Where the rerun is: downloading (bytes), reading, drawing, done. */
export function Progress({ state }: { state: CheckState }) {
  const { t } = useTranslation();
  const running = !['done', 'refused', 'failed'].includes(state.stage);
  const downloaded =
    state.stage === 'download' && state.total ? (40 * state.received) / state.total : 0;
  return (
    <div data-testid="check-progress" data-stage={state.stage}>
      <ProgressBar percent={PERCENT[state.stage] + downloaded} />
      <div className="ipo-verdict muted">
        <span>
          {t(`ipo.check.stage.${state.stage}`, {
            kb: formatCount(Math.round(state.received / 1024)),
          })}
        </span>
        <Elapsed from={state.startedAt} running={running} />
      </div>
    </div>
  );
}
