import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { LotteryCheckView } from '../../components/lottery-check/check-view.tsx';
import { loadFeatureStrings } from '../../lib/i18n.ts';
import type { BlockDetail } from './block.api.ts';
import { bt } from './block-texts.ts';

/**
 * A lottery offer's draw rerun in this browser: the same check as a new share's (its strings
 * too), on `block/proof`, with what the caller's ticket won.
 */
export function BlockDrawCheck({ detail }: { detail: BlockDetail }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void loadFeatureStrings('ipo').then(() => setReady(true));
  }, []);
  if (!ready) return null;
  return (
    <LotteryCheckView
      testId="block-check-screen"
      call="block/proof"
      id={detail.id}
      ticket={detail.my_application?.ticket ?? null}
      heading={`${detail.name} ${detail.symbol}`}
      ready={ready}
      actions={
        <Button
          size="small"
          style={{ marginTop: 12, marginLeft: 8 }}
          data-testid="block-check-back"
          onClick={() => history.back()}
        >
          {bt('back')}
        </Button>
      }
    />
  );
}
