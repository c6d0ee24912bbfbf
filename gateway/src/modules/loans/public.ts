// The loans module's public door: what other modules may use (eslint.boundaries.mjs).
export { latestQuotesIfBorrowing, refuseUnlessLoanStaysCovered } from './loan-limit.service.ts';
export { availableLoanIn } from './loan-query.service.ts';
