import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { isStaleChunkError, reloadTabForStaleBuild } from '../lib/stale-build.ts';

/**
 * What a screen that failed shows instead of the router's developer page: a screen from an older
 * build reloads itself once; anything else says so in the user's language with a reload button.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const stale = isStaleChunkError(error);
  useEffect(() => {
    if (stale) reloadTabForStaleBuild();
  }, [stale]);
  return (
    <div className="route-error" role="alert">
      <h1>{t(stale ? 'app.updatedTitle' : 'app.errorTitle')}</h1>
      <p>{t(stale ? 'app.updatedBody' : 'app.errorBody')}</p>
      <Button color="primary" block onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}
