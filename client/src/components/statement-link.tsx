import type { StatementGroup } from '@kabuto/schema/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A product's records screen points at its cash movements: the statement filtered to its group. */
export function StatementLink({ group }: { group: StatementGroup }) {
  const { t } = useTranslation();
  return (
    <p className="statement-link">
      <Link to={`/mine/transactionRecords?group=${group}`} data-testid="statement-link">
        {t('money.statementLink', { group: t(`money.group.${group}`) })}
      </Link>
    </p>
  );
}
