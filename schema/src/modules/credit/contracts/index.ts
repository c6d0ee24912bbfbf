export * from './credit.dto.ts';
