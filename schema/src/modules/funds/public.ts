/**
 * The funds door: what products use of deposits, withdrawals and exchange. Today the one admin
 * decision shape (approve, or reject with a reason), which loans' reviews share.
 */
export { adminDecideRequest } from '../../contracts/http/funds.dto.ts';
