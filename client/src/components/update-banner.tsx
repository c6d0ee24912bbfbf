import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { appUpdate } from '../lib/service-worker.ts';

/** "A new version is ready": shown once a new build's worker is waiting, until the user reloads. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const update = useSnapshot(appUpdate);
  if (!update.ready) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span>{t('pwa.updateReady')}</span>
      <Button
        size="mini"
        color="primary"
        onClick={() => appUpdate.apply?.()}
        data-testid="update-reload"
      >
        {t('pwa.reload')}
      </Button>
    </div>
  );
}
