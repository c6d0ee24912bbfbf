export * from './loans.dto.ts';
export * from './jobs.ts';
