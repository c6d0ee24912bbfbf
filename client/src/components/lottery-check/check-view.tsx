import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../header-bar.tsx';
import { translateMsg } from '../../lib/i18n.ts';
import {
  BeaconOrder,
  OwnResult,
  Progress,
  Published,
  RuleInPlainWords,
  Verdicts,
} from './check-parts.tsx';
import type { ProofCall } from './proof-protocol.ts';
import { useProofCheck } from './use-proof-check.ts';
import '../product-card.css';

export interface CheckViewProps {
  /** The screen's test id. */
  testId: string;
  /** The draw's publishing call and id, and the caller's own ticket. */
  call: ProofCall;
  id: string;
  ticket: string | null;
  /** What the draw allotted ("Name SYMBOL"). */
  heading: string;
  /** Whether the caller's ticket (and the screen's strings) are known yet. */
  ready: boolean;
  /** More buttons beside "Run again". */
  actions?: ReactNode;
}

/**
 * The check page of a published draw (a new share's or a lottery block offer's): downloads it,
 * reruns it in this browser (a Web Worker, so a large list never freezes the page) and says
 * whether it matches, and what the caller's own ticket won.
 */
export function LotteryCheckView(props: CheckViewProps) {
  const { t } = useTranslation();
  const { state, rerun } = useProofCheck(props.call, props.id, props.ticket, props.ready);
  return (
    <div className="screen" data-testid={props.testId} data-stage={state.stage}>
      <HeaderBar title={t('ipo.check.title')} />
      <div className="card">
        <div className="ipo-section-title">{props.heading}</div>
        <div className="muted">{t('ipo.check.explain')}</div>
        <div style={{ marginTop: 12 }}>
          <Progress state={state} />
        </div>
        {state.verdict ? <Verdicts v={state.verdict} /> : null}
        {state.verdict && state.summary ? <BeaconOrder timing={state.summary.timing} /> : null}
        {state.stage === 'refused' || state.stage === 'failed' ? (
          <div className="ipo-refusal" role="alert" data-testid="check-problem">
            {state.stage === 'refused'
              ? translateMsg(state.problem ?? 'not_found')
              : t('ipo.check.failed')}
          </div>
        ) : null}
        <Button size="small" style={{ marginTop: 12 }} onClick={rerun} data-testid="check-rerun">
          {t('ipo.check.rerun')}
        </Button>
        {props.actions}
      </div>
      {state.verdict ? <OwnResult v={state.verdict} /> : null}
      {state.summary ? <RuleInPlainWords beaconKind={state.summary.beacon_kind} /> : null}
      {state.summary ? <Published s={state.summary} /> : null}
    </div>
  );
}
