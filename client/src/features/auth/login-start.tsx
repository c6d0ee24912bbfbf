import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Hero } from '../../components/hero.tsx';
import { LanguageSwitch } from '../mine/language-switch.tsx';

export function LoginStart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
