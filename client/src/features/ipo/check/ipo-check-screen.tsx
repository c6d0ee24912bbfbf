import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LotteryCheckView } from '../../../components/lottery-check/check-view.tsx';
import { ipoApi, type IpoDetail } from '../ipo.api.ts';

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
  return (
    <LotteryCheckView
      testId="ipo-check-screen"
      call="ipo/proof"
      id={id}
      ticket={detail?.mine?.ticket ?? null}
      heading={detail ? `${detail.name} ${detail.symbol}` : t('ipo.check.title')}
      ready={detail !== undefined}
    />
  );
}
