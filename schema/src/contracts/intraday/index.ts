export * from './intraday.dto.ts';
