export * from './rules.ts';
export * from './buying-power.ts';
export * from './schedule.ts';
export * from './journal-kinds.ts';
export * from './settlement.ts';
export * from './status.ts';
