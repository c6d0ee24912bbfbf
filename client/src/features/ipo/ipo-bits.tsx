import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LOCALE_OF } from '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';
// Field, orDash and RefusalNote are shared with intraday and credit (components/product-bits.tsx).
export { Field, orDash, RefusalNote } from '../../components/product-bits.tsx';
export { whenExact } from '../../lib/format-time.ts';

/** A date and time in the reader's language, to the minute. */
export function when(ms: number | null | undefined): string {
  if (!ms) return '--';
  return new Date(ms).toLocaleString(LOCALE_OF[storage.language()], {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A window "from – to", each to the minute. */
export const span = (from: number, to: number) => `${when(from)} – ${when(to)}`;

/** The listing's phase in the spec's words (not started, subscribing, ended, drawn, listed). */
export function PhaseTag({
  status,
  drawn,
  listed,
}: {
  status: string;
  drawn?: boolean;
  listed?: boolean;
}) {
  const { t } = useTranslation();
  const key = listed ? 'listed' : status === 'closed' && drawn ? 'drawn' : status;
  return (
    <span className={`ipo-tag ipo-tag-${key}`} data-testid="ipo-phase">
      {t(`ipo.phase.${key}`)}
    </span>
  );
}

/** A listed share's quote page (the stock detail route); nothing before listing. */
export function QuoteLink({ symbol, listed }: { symbol: string; listed: boolean }) {
  const { t } = useTranslation();
  if (!listed) return null;
  return (
    <Link
      className="ipo-quote-link"
      to={`/quotes/info?symbol=${encodeURIComponent(symbol)}`}
      onClick={(e) => e.stopPropagation()}
      data-testid={`quote-link-${symbol}`}
    >
      {t('ipo.quoteLink')} ›
    </Link>
  );
}

/** A subscription's state in words: awaiting allotment, won (awaiting payment), not won, paid… */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <span className={`ipo-tag ipo-state-${state}`} data-testid="ipo-state" data-state={state}>
      {t(`ipo.state.${state}`, { defaultValue: state })}
    </span>
  );
}
