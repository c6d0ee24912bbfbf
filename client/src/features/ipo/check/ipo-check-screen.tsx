import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../../components/header-bar.tsx';
import { translateMsg } from '../../../lib/i18n.ts';
import { ipoApi, type IpoDetail } from '../ipo.api.ts';
import {
  BeaconOrder,
  OwnResult,
  Progress,
  Published,
  RuleInPlainWords,
  Verdicts,
} from './check-parts.tsx';
import { useProofCheck } from './use-proof-check.ts';
import '../../../components/product-card.css';

/**
 * /home/newShareCheck?id=: downloads the published draw, reruns it in this browser (a Web Worker,
 * so a large list never freezes the page) and says whether it matches, and what the caller's
 * own ticket won.
 */
export function IpoCheckScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [detail, setDetail] = useState<IpoDetail | null | undefined>(undefined);
  useEffect(() => {
    void ipoApi.detail(id).then((answer) => setDetail(answer.detail));
  }, [id]);
  const { state, rerun } = useProofCheck(id, detail?.mine?.ticket ?? null, detail !== undefined);
  return (
    <div className="screen" data-testid="ipo-check-screen" data-stage={state.stage}>
      <HeaderBar title={t('ipo.check.title')} />
      <div className="card">
        <div className="ipo-section-title">
          {detail ? `${detail.name} ${detail.symbol}` : t('ipo.check.title')}
        </div>
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
      </div>
      {state.verdict ? <OwnResult v={state.verdict} /> : null}
      {state.summary ? <RuleInPlainWords beaconKind={state.summary.beacon_kind} /> : null}
      {state.summary ? <Published s={state.summary} /> : null}
    </div>
  );
}
