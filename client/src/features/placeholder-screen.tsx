import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../components/header-bar.tsx';
import { NoData } from '../components/no-data.tsx';

/** A screen a later issue owns: its title and the no-data placeholder until then. */
export function PlaceholderScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <HeaderBar title={t(titleKey)} />
      <NoData note={t('common.comingSoon')} />
    </div>
  );
}
