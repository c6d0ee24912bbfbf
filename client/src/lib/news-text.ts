import type { Language } from './storage.ts';

/** An article's text in the reader's language (jp: ja, cn: zh, us: en). */
export function newsText(text: { ja: string; en: string; zh: string }, language: Language): string {
  if (language === 'cn') return text.zh;
  return language === 'us' ? text.en : text.ja;
}
