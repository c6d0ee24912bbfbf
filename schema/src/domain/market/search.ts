import { pinyin } from 'pinyin-pro';
import { allInstruments, type Instrument } from './instruments.ts';

/** Folds width, case, Latin accents and hiragana→katakana so "ﾄﾖﾀ", "とよた" and "トヨタ" meet. */
export function normaliseKeyword(text: string): string {
  return (
    text
      .normalize('NFKD')
      // Latin accents and tone marks go ("pínguǒ" is pingguo); kana's voicing marks stay (NFC below).
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\u3041-\u3096]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60))
      .replace(/\s+/g, '')
  );
}

interface Indexed {
  readonly instrument: Instrument;
  readonly symbol: string;
  readonly initials: string;
  /** The Chinese name in full pinyin without tones or spaces ("pingguo" for 苹果). */
  readonly pinyin: string;
  readonly names: readonly string[];
}

/** Full pinyin of a Chinese name, read as words (银行 is yinhang, not yinxing); '' for none. */
function fullPinyin(name: string): string {
  if (!/\p{Script=Han}/u.test(name)) return '';
  return normaliseKeyword(
    pinyin(name, { toneType: 'none', type: 'array', nonZh: 'removed' }).join(''),
  );
}

function indexed(instrument: Instrument): Indexed {
  return {
    instrument,
    symbol: normaliseKeyword(instrument.symbol),
    initials: normaliseKeyword(instrument.initials),
    pinyin: fullPinyin(instrument.names.zh),
    names: [instrument.names.ja, instrument.names.en, instrument.names.zh].map(normaliseKeyword),
  };
}

/** The search index of every instrument now, rebuilt only when that set changes (a listing). */
let index: { readonly of: readonly Instrument[]; readonly entries: readonly Indexed[] } | null =
  null;

function currentIndex(): readonly Indexed[] {
  const instruments = allInstruments();
  if (index?.of !== instruments) index = { of: instruments, entries: instruments.map(indexed) };
  return index.entries;
}

function score(entry: Indexed, key: string): number | null {
  if (entry.symbol === key) return 0;
  if (entry.symbol.startsWith(key)) return 1;
  if (entry.initials && entry.initials.startsWith(key)) return 2;
  if (entry.pinyin && key.length > 1 && entry.pinyin.startsWith(key)) return 2;
  if (entry.names.some((name) => name.startsWith(key))) return 3;
  if (entry.names.some((name) => name.includes(key))) return 4;
  if (entry.pinyin && key.length > 2 && entry.pinyin.includes(key)) return 4;
  if (entry.symbol.includes(key)) return 5;
  return null;
}

/** Instruments matching a code, a name in ja/en/zh (kana folded), pinyin initials or full pinyin, best first. */
export function searchInstruments(keyword: string, limit = 20): Instrument[] {
  const key = normaliseKeyword(keyword);
  if (key.length === 0) return [];
  return currentIndex()
    .map((entry) => ({ entry, rank: score(entry, key) }))
    .filter((hit): hit is { entry: Indexed; rank: number } => hit.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.entry.symbol.localeCompare(b.entry.symbol))
    .slice(0, limit)
    .map((hit) => hit.entry.instrument);
}
