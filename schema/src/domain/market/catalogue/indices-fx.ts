import type { Currency } from '../../money/currency.ts';
import type { Market } from '../rules.ts';

/** Main indices: [symbol, market, ja, en, zh, reference level]. Quoted, not tradable. */
export const INDICES: ReadonlyArray<readonly [string, Market, string, string, string, string]> = [
  ['IDX:SPX', 'US', 'S&P500', 'S&P 500', '标普500指数', '6000.00'],
  ['IDX:DJI', 'US', 'NYダウ', 'Dow Jones Industrial Average', '道琼斯工业平均指数', '44000.00'],
  ['IDX:IXIC', 'US', 'ナスダック総合', 'Nasdaq Composite', '纳斯达克综合指数', '19000.00'],
  ['IDX:N225', 'JP', '日経平均株価', 'Nikkei 225', '日经225指数', '38000'],
  ['IDX:TOPX', 'JP', 'TOPIX', 'TOPIX', '东证指数', '2700'],
  ['IDX:SSEC', 'CN', '上海総合指数', 'SSE Composite', '上证指数', '3300.00'],
  ['IDX:SZI', 'CN', '深セン成分指数', 'SZSE Component', '深证成指', '10500.00'],
  ['IDX:CSI300', 'CN', 'CSI300', 'CSI 300', '沪深300', '3900.00'],
];

/** Yen per unit of each currency of spec section 9 (reference mid rates for the simulator). */
export const FX_REFERENCE: ReadonlyArray<readonly [Currency, string]> = [
  ['USD', '150.00'],
  ['CNY', '21.00'],
  ['HKD', '19.30'],
  ['TWD', '4.70'],
  ['THB', '4.20'],
  ['VND', '0.0059'],
  ['MYR', '34.00'],
  ['KRW', '0.108'],
  ['SAR', '40.00'],
];
