import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderBar } from './header-bar.tsx';

/** A screen opened without what it needs (a detail link without its id): said, never sent to the server. */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen no-menu" data-testid="not-found">
      <HeaderBar title={t('common.notFound')} />
      <div className="no-data">
        <div className="icon" aria-hidden>
          ?
        </div>
        <div>{t('common.notFoundBody')}</div>
      </div>
      <div className="form-actions">
        <Button block onClick={() => navigate('/home/index', { replace: true })}>
          {t('common.goHome')}
        </Button>
      </div>
    </div>
  );
}
