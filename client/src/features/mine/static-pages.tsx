import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { appConfig } from '../../lib/app-config.ts';

function TextPage({
  titleKey,
  bodyKey,
  children,
}: {
  titleKey: string;
  bodyKey: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <HeaderBar title={t(titleKey)} />
      <div className="card prose">
        <p>{t(bodyKey)}</p>
        {children}
      </div>
    </div>
  );
}

export function About() {
  const { t } = useTranslation();
  const license = appConfig.get('license');
  return (
    <TextPage titleKey="mine.about" bodyKey="about.body">
      <p className="muted" data-testid="about-license">
        {t('about.license')}: {license || t('about.noLicense')}
      </p>
    </TextPage>
  );
}

export const Privacy = () => <TextPage titleKey="mine.privacy" bodyKey="privacy.body" />;
export const Protocol = () => <TextPage titleKey="mine.protocol" bodyKey="protocol.body" />;
