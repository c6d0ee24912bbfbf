export * from './bank-card.ts';
export * from './exchange.ts';
export * from './kana.ts';
export * from './withdrawal-rules.ts';
