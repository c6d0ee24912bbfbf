export * from './ipo.dto.ts';
