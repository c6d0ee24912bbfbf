import { describe, expect, it } from 'vitest';
import { REFUSAL_KEYS, SUCCESS_KEYS, moduleMsgTexts } from '@kabuto/schema/contracts';
import { MODULES } from '@kabuto/schema/modules/index.ts';
import {
  JOURNAL_KINDS,
  MEMO_TEMPLATES,
  STATEMENT_GROUP_NAMES,
  moduleStatementTexts,
} from '@kabuto/schema/domain';
import jp from './jp.json';
import cn from './cn.json';
import us from './us.json';
import moneyJp from './money/jp.json';
import moneyCn from './money/cn.json';
import moneyUs from './money/us.json';
import ipoJp from './ipo/jp.json';
import ipoCn from './ipo/cn.json';
import ipoUs from './ipo/us.json';
import loansJp from './loans/jp.json';
import loansCn from './loans/cn.json';
import loansUs from './loans/us.json';
import intradayJp from './intraday/jp.json';
import intradayCn from './intraday/cn.json';
import intradayUs from './intraday/us.json';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('locales', () => {
  it('every msg key of the contract has a translation in jp, cn and us (the locale file’s or its module’s)', () => {
    for (const [language, locale] of [
      ['jp', jp],
      ['cn', cn],
      ['us', us],
    ] as const) {
      const texts = { ...moduleMsgTexts(language), ...(locale.msg as Record<string, string>) };
      for (const key of [...REFUSAL_KEYS, ...SUCCESS_KEYS]) expect(texts[key], key).toBeTruthy();
    }
  });

  it('the texts modules ship for their msg keys have the same keys in jp, cn and us', () => {
    const keys = (language: 'jp' | 'cn' | 'us') => Object.keys(moduleMsgTexts(language)).sort();
    expect(keys('cn')).toEqual(keys('jp'));
    expect(keys('us')).toEqual(keys('jp'));
  });

  it('the three languages have exactly the same keys', () => {
    expect(keysOf(cn).sort()).toEqual(keysOf(jp).sort());
    expect(keysOf(us).sort()).toEqual(keysOf(jp).sort());
  });

  it('the money screens’ strings have the same keys in the three languages and none that the main file has', () => {
    expect(keysOf(moneyCn).sort()).toEqual(keysOf(moneyJp).sort());
    expect(keysOf(moneyUs).sort()).toEqual(keysOf(moneyJp).sort());
    expect(Object.keys(moneyJp)).toEqual(['money']);
    expect(Object.keys(jp)).not.toContain('money');
  });

  const placeholders = (text: string) =>
    [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  const valueAt = (tree: object, key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);

  it.each([
    ['new-share', 'ipo', ipoJp, ipoCn, ipoUs],
    ['loan', 'loans', loansJp, loansCn, loansUs],
    ['intraday', 'intraday', intradayJp, intradayCn, intradayUs],
  ] as const)(
    'the %s screens’ strings have the same keys and placeholders in the three languages and none that the main file has',
    (_name, namespace, featureJp, featureCn, featureUs) => {
      expect(keysOf(featureCn).sort()).toEqual(keysOf(featureJp).sort());
      expect(keysOf(featureUs).sort()).toEqual(keysOf(featureJp).sort());
      expect(Object.keys(featureJp)).toEqual([namespace]);
      expect(Object.keys(jp)).not.toContain(namespace);
      for (const key of keysOf(featureJp)) {
        const expected = placeholders(valueAt(featureJp, key) as string);
        for (const locale of [featureCn, featureUs]) {
          expect(placeholders(valueAt(locale, key) as string), key).toEqual(expected);
        }
      }
    },
  );

  /** A language's statement texts as the client has them: the locale file, then the modules'. */
  const statementIn = (language: 'jp' | 'cn' | 'us') => {
    const file = { jp: moneyJp, cn: moneyCn, us: moneyUs }[language].money;
    const shipped = moduleStatementTexts(language);
    const merge = (part: 'kind' | 'memo' | 'group') => {
      const fromFile = file[part] as Record<string, string>;
      for (const key of Object.keys(shipped[part])) expect(fromFile, key).not.toHaveProperty(key);
      return { ...fromFile, ...shipped[part] };
    };
    return { kind: merge('kind'), memo: merge('memo'), group: merge('group') };
  };
  const LANGUAGES = ['jp', 'cn', 'us'] as const;

  it('every statement memo template has a string in each language with exactly the server template’s parameters', () => {
    for (const [template, english] of Object.entries(MEMO_TEMPLATES)) {
      for (const language of LANGUAGES) {
        const text = statementIn(language).memo[template];
        expect(text, template).toBeTruthy();
        expect(placeholders(text as string), template).toEqual(placeholders(english as string));
      }
    }
  });

  it('every statement filter chip and every journal kind has a name in each language', () => {
    for (const language of LANGUAGES) {
      const { group: groups, kind: kinds } = statementIn(language);
      for (const group of ['all', ...STATEMENT_GROUP_NAMES]) {
        expect(groups[group], group).toBeTruthy();
      }
      expect(Object.keys(groups).sort()).toEqual(['all', ...STATEMENT_GROUP_NAMES].sort());
      for (const kind of JOURNAL_KINDS) expect(kinds[kind], kind).toBeTruthy();
    }
  });

  it('the Chinese strings name money in and out one way each (充值 and 提现, never 入金 or 出金)', () => {
    const text = JSON.stringify([cn, moneyCn]);
    expect(text).not.toMatch(/入金|出金/);
    expect(text).toContain('充值');
    expect(text).toContain('提现');
  });

  it('the new-share records page has one name: the Mine menu entry, the links to it and its title', () => {
    const pairs = [
      [jp, ipoJp],
      [cn, ipoCn],
      [us, ipoUs],
    ] as const;
    for (const [main, ipo] of pairs) expect(main.mine.newShareOrder).toBe(ipo.ipo.records);
  });

  it('the Japanese new-share strings say 払込 for paying and 口 for lots, as Japanese brokers do', () => {
    const text = JSON.stringify([ipoJp, moneyJp.money.inbox]);
    expect(text).not.toMatch(/入金待ち|入金済み|入金期限|入金する|単位数|\d単位|}}単位/);
    expect(ipoJp.ipo.field.payDeadline).toBe('払込期限');
    expect(ipoJp.ipo.field.amountDue).toBe('払込金額');
    expect(ipoJp.ipo.lotRange).toBe('{{min}}〜{{max}}口');
  });

  it('every inbox kind a module sends has a title and a body in jp, cn and us', () => {
    const kinds = MODULES.flatMap((m) => [...('inboxKinds' in m ? m.inboxKinds : [])]);
    const money = { jp: moneyJp, cn: moneyCn, us: moneyUs } as const;
    for (const language of ['jp', 'cn', 'us'] as const) {
      const inbox: Record<string, { title?: string; body?: string }> = {
        ...moduleStatementTexts(language).inbox,
        ...money[language].money.inbox,
      };
      for (const kind of kinds) {
        expect(inbox[kind]?.title, `${language} ${kind}`).toBeTruthy();
        expect(inbox[kind]?.body, `${language} ${kind}`).toBeTruthy();
      }
    }
  });
});
