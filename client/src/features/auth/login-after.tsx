import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Hero } from '../../components/hero.tsx';
import { storage } from '../../lib/storage.ts';

/** After log in: a welcome, then on to the app. */
export function LoginAfter() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen no-menu">
      <Hero title={t('after.welcome')} subtitle={storage.account()} />
      <div className="stack">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/mine/index', { replace: true })}
          data-testid="after-continue"
        >
          {t('after.continue')}
        </Button>
      </div>
    </div>
  );
}
