import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from './admin-api.ts';
import { msgText } from './console-i18n.ts';

/** Sets a user's credit score and loan limit (yen), which the loan screen then offers. */
export function CreditForm({ account }: { account: string }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState<string | null>(null);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answer = await adminCall('loan/credit', {
      account,
      credit_score: String(form.get('credit_score') ?? ''),
      limit: String(form.get('limit') ?? ''),
    });
    setSaid(answer.ok ? t('bo.users.done') : msgText(answer.msg));
  }
  return (
    <form className="bo-inline-form" onSubmit={(event) => void save(event)}>
      <h3>{t('bo.credit.title')}</h3>
      <label className="bo-field">
        {t('bo.credit.score')}
        <input name="credit_score" inputMode="numeric" required pattern="[0-9]{1,4}" />
      </label>
      <label className="bo-field">
        {t('bo.credit.limit')}
        <input name="limit" inputMode="numeric" required pattern="[0-9]{1,13}" />
      </label>
      <button type="submit" className="bo-primary" data-testid="bo-credit-save">
        {t('bo.credit.save')}
      </button>
      {said ? <span className="bo-muted">{said}</span> : null}
    </form>
  );
}
