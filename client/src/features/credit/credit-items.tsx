import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format.ts';
import { formatWhen } from '../../lib/format-time.ts';
import type { CreditItem } from './credit.api.ts';

/** A position's margin additions (`trade/ustockslist`): amount, held or returned, when. */
export function CreditItems({ items }: { items: readonly CreditItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className="card" data-testid="credit-items">
      <div className="muted" style={{ marginBottom: 8 }}>
        {t('credit.items')}
      </div>
      {items.map((item) => (
        <div key={item.id} className="detail-row" data-testid={`credit-item-${item.id}`}>
          <span>
            <span className="num">{formatAmount(item.credit, item.currency)}</span>{' '}
            <small className="muted">{formatWhen(item.created_at)}</small>
          </span>
          <span className={item.status === 0 ? '' : 'muted'} data-testid="credit-item-state">
            {item.status === 0
              ? t('credit.open')
              : `${t('credit.returned')} ${item.returned_at ? formatWhen(item.returned_at) : ''}`}
          </span>
        </div>
      ))}
    </div>
  );
}
