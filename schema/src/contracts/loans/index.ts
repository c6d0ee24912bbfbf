export * from './loans.dto.ts';
