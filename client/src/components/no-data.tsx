import { useTranslation } from 'react-i18next';

/** The placeholder for empty lists and for screens a later issue will fill. */
export function NoData({ note }: { note?: string }) {
  const { t } = useTranslation();
  return (
    <div className="no-data" data-testid="no-data">
      <div className="icon" aria-hidden>
        ▢
      </div>
      <div>{t('common.nodata')}</div>
      {note ? <div className="muted">{note}</div> : null}
    </div>
  );
}
