import type { QuoteRow } from '@kabuto/schema/contracts';
import type { Language } from '../../lib/storage.ts';

const LOCALES: Readonly<Record<Language, string>> = { jp: 'ja-JP', cn: 'zh-CN', us: 'en-US' };

/** A large whole amount the way a reader of the language shortens it: 26.2兆, 26.2万亿, 26.2T. */
export function compactAmount(value: string | null, language: Language): string {
  if (value === null || !/^-?\d+$/.test(value)) return '--';
  return new Intl.NumberFormat(LOCALES[language], {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(Number(value));
}

/** The ranking row's line: market value and PER (a loss-maker shows "--" for PER). */
export function fundamentalsLine(
  row: Pick<QuoteRow, 'market_value' | 'per' | 'fundamentals_source'>,
  language: Language,
  labels: { marketValue: string; per: string; loss: string },
): string | null {
  if (row.fundamentals_source === null || row.market_value === null) return null;
  return `${labels.marketValue} ${compactAmount(row.market_value, language)} · ${labels.per} ${row.per ?? labels.loss}`;
}
