import { useTranslation } from 'react-i18next';
import { appConfig } from '../lib/app-config.ts';

/** Shown on every screen while the platform runs in paper mode (DESIGN.md section 1). */
export function PaperBadge() {
  const { t } = useTranslation();
  if (appConfig.get('mode') !== 'paper') return null;
  return (
    <div className="paper-badge" role="status" data-testid="paper-badge">
      {t('app.paper')}
    </div>
  );
}
