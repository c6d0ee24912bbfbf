import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { storage } from '../../lib/storage.ts';

/** After log in: a welcome, then on to the app. */
export function LoginAfter() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen no-menu">
      <div className="hero">
        <div className="logo-mark">兜</div>
        <h1 style={{ fontSize: 24 }}>{t('after.welcome')}</h1>
        <p>{storage.account()}</p>
      </div>
      <div className="stack">
        <Button block color="primary" size="large" onClick={() => navigate('/mine/index', { replace: true })} data-testid="after-continue">
          {t('after.continue')}
        </Button>
      </div>
    </div>
  );
}
