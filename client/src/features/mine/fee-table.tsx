import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import { MARKET_RULES, MARKETS, type Market } from '@kabuto/schema/market';
import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { formatAmount, ppmAsPercent } from '../../lib/format.ts';

function FeeRows({ market }: { market: Market }) {
  const { t } = useTranslation();
  const { fees, currency } = MARKET_RULES[market];
  const money = (minor: bigint) => formatAmount(formatScaled(minor, scaleOf(currency)), currency);
  const commission = [
    ppmAsPercent(fees.commissionPpm),
    fees.commissionMinMinor > 0n ? t('fees.min', { amount: money(fees.commissionMinMinor) }) : '',
    fees.commissionMaxMinor !== null && fees.commissionPpm > 0
      ? t('fees.max', { amount: money(fees.commissionMaxMinor) })
      : '',
  ].filter(Boolean);
  const perShare = `${formatScaled(BigInt(fees.sellPerShareFeeMillionths), 6)} ${currency}`;
  const rows: Array<[string, string]> = [
    ['fees.commission', commission.join(' · ')],
    ['fees.stampDuty', fees.sellDutyPpm ? ppmAsPercent(fees.sellDutyPpm) : t('fees.none')],
    ['fees.transferFee', fees.transferFeePpm ? ppmAsPercent(fees.transferFeePpm) : t('fees.none')],
    [
      'fees.regulatoryFee',
      fees.sellPerShareFeeMillionths
        ? `${perShare} · ${t('fees.max', { amount: money(fees.sellPerShareFeeMaxMinor) })}`
        : t('fees.none'),
    ],
  ];
  return (
    <div className="card" data-testid={`fees-${market}`}>
      <h3 style={{ margin: '0 0 6px' }}>{t(`quotes.market.${market}`)}</h3>
      {rows.map(([label, value]) => (
        <div key={label} className="fee-row">
          <span className="muted">{t(label)}</span>
          <span className="num">{value}</span>
        </div>
      ))}
      <p className="muted" style={{ fontSize: 12, margin: '6px 0 0' }}>
        {t('fees.effective', { date: fees.effectiveFrom })}
      </p>
    </div>
  );
}

/** /mine/fees: each market's fee schedule from the one rules table the server charges by. */
export function FeeTable() {
  const { t } = useTranslation();
  return (
    <div className="screen no-menu" data-testid="fee-table">
      <HeaderBar title={t('fees.title')} />
      <p className="prose muted" style={{ padding: '0 16px' }}>
        {t('fees.intro')}
      </p>
      {MARKETS.map((market) => (
        <FeeRows key={market} market={market} />
      ))}
    </div>
  );
}
