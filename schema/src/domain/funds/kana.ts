/**
 * Japanese bank account holder names are full-width katakana (全角カナ), with the long-vowel mark,
 * the middle dot and a space between family and given name. Half-width input is folded to
 * full-width (NFKC) before the check, as bank forms do.
 */
const FULL_WIDTH_KATAKANA_NAME = /^[\u30A1-\u30FA\u30FC\u30FB\u3000 ]+$/u;

export function normaliseKanaName(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s\u3000]+/gu, '\u3000')
    .trim();
}

export function isKatakanaName(text: string): boolean {
  const name = normaliseKanaName(text);
  return (
    name.length > 0 &&
    name.length <= 60 &&
    FULL_WIDTH_KATAKANA_NAME.test(name) &&
    /[\u30A1-\u30FA]/u.test(name)
  );
}

/** Two holder names match when they are the same katakana once width and spacing are folded. */
export function sameKanaName(a: string, b: string): boolean {
  const fold = (text: string) => normaliseKanaName(text).replace(/\u3000/gu, '');
  return fold(a) === fold(b);
}
