import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { storage } from '../../lib/storage.ts';
import { Hero } from '../../components/hero.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';

/** The first screen for a visitor; a returning user with a stored session goes straight to Home. */
export function LoginStart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (storage.hasSession()) return <Navigate to="/home/home" replace />;
  return (
    <div className="screen no-menu">
      <Hero title="Kabuto" subtitle={t('start.tagline')} />
      <div className="stack">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/login/login')}
          data-testid="start-login"
        >
          {t('start.login')}
        </Button>
        <Button
          block
          size="large"
          onClick={() => navigate('/login/logon')}
          data-testid="start-register"
        >
          {t('start.register')}
        </Button>
        <LanguageSwitch />
      </div>
    </div>
  );
}
