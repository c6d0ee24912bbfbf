import { Button, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';

/** Account opening: what the user will need, then on to registration. */
export function Logon() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen no-menu">
      <HeaderBar title={t('logon.title')} />
      <div className="card">
        <Steps direction="vertical" current={0}>
          <Steps.Step title={t('logon.step1')} />
          <Steps.Step title={t('logon.step2')} />
          <Steps.Step title={t('logon.step3')} />
        </Steps>
      </div>
      <div className="form-actions">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/login/register')}
          data-testid="logon-go"
        >
          {t('logon.go')}
        </Button>
      </div>
    </div>
  );
}
