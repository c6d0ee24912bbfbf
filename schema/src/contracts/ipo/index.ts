export * from './ipo.dto.ts';
export * from './beacon.ts';
