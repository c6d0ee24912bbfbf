export * from './intraday.dto.ts';
export * from './jobs.ts';
