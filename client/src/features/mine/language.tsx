import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';

export function LanguageScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <HeaderBar title={t('lang.title')} />
      <div className="card">
        <LanguageSwitch />
      </div>
    </div>
  );
}
