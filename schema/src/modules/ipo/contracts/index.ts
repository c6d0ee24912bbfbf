export * from './ipo.dto.ts';
export * from './jobs.ts';
