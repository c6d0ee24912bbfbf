// The bank module's public door: what other modules may use (eslint.boundaries.mjs).
export { findOwnCard } from './bank-cards.service.ts';
