import type { Db } from '../../../db/create-db.ts';
import { storedSymbols } from './news.repository.ts';

const HOUR = 60 * 60 * 1000;
const DEMO_NOTE = {
  ja: '（デモ記事：Kabuto のペーパートレード用に作成した架空の内容です）',
  en: '(Demo article: invented for Kabuto’s paper trading; not real news.)',
  zh: '（演示文章：为 Kabuto 模拟交易编写的虚构内容，并非真实新闻。）',
};

/** Demo articles a fresh install shows, each saying it is demo content. */
const DEMO_ARTICLES = [
  {
    symbols: ['7203'],
    title: {
      ja: 'トヨタ自動車、電動化投資の計画を説明（デモ）',
      en: 'Toyota outlines its electrification spending plan (demo)',
      zh: '丰田汽车说明电动化投资计划（演示）',
    },
    body: {
      ja: '架空の説明会で、同社は今後の投資配分と生産体制の見直しについて語った。',
      en: 'At an invented briefing the company talked through how it will split its investment and rework production.',
      zh: '在一场虚构的说明会上，该公司介绍了今后的投资分配与生产体制调整。',
    },
  },
  {
    symbols: ['AAPL', 'MSFT'],
    title: {
      ja: '米大型テック株、決算シーズンを前に方向感乏しい（デモ）',
      en: 'US megacaps drift ahead of earnings season (demo)',
      zh: '美国大型科技股在财报季前方向不明（演示）',
    },
    body: {
      ja: '市場参加者は金利見通しと来期ガイダンスを見極めようとしている、という想定の記事です。',
      en: 'An invented piece: traders weigh the rate outlook against next quarter’s guidance.',
      zh: '虚构文章：市场参与者在利率前景与下季度指引之间权衡。',
    },
  },
  {
    symbols: ['600519'],
    title: {
      ja: '貴州茅台、販売チャネル改革を発表（デモ）',
      en: 'Kweichow Moutai announces a sales-channel overhaul (demo)',
      zh: '贵州茅台宣布销售渠道改革（演示）',
    },
    body: {
      ja: '直販比率を高める方針を示したという架空の発表を紹介します。',
      en: 'An invented announcement: the company plans to sell more directly.',
      zh: '虚构公告：公司计划提高直销比例。',
    },
  },
  {
    symbols: [],
    title: {
      ja: '今週の市場の見どころ（デモ）',
      en: 'What to watch in markets this week (demo)',
      zh: '本周市场看点（演示）',
    },
    body: {
      ja: '東京・ニューヨーク・上海の主な予定をまとめた架空のコラムです。',
      en: 'An invented column on the week’s main events in Tokyo, New York and Shanghai.',
      zh: '虚构专栏：汇总东京、纽约、上海本周的主要日程。',
    },
  },
] as const;

/** Adds the demo articles once (nothing if any demo article exists), published over the last hours. */
export async function seedNewsDemo(db: Db, nowMs: number): Promise<void> {
  const existing = await db
    .selectFrom('news_article')
    .select('id')
    .where('demo', '=', 1n)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('news_article')
    .values(
      DEMO_ARTICLES.map((article, i) => ({
        title_ja: article.title.ja,
        title_en: article.title.en,
        title_zh: article.title.zh,
        body_ja: `${article.body.ja}\n\n${DEMO_NOTE.ja}`,
        body_en: `${article.body.en}\n\n${DEMO_NOTE.en}`,
        body_zh: `${article.body.zh}\n\n${DEMO_NOTE.zh}`,
        symbols: storedSymbols(article.symbols),
        image_url: null,
        demo: 1,
        published_at: nowMs - (i + 1) * HOUR,
        created_by: null,
        created_at: nowMs,
      })),
    )
    .execute();
}
