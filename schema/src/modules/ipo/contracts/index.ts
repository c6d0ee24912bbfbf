export * from './ipo.dto.ts';
export * from './beacon.ts';
export * from './jobs.ts';
