// The admin module's public door: what other modules may use (eslint.boundaries.mjs).
export { audit, findActiveAdminSession } from './admin-sessions.repository.ts';
export { addTestStaff, staffCreatorOf } from './staff.repository.ts';
export {
  actor,
  announceDecision,
  claimPending,
  decisionAnnouncement,
  defineDecisionCall,
  ownerOf,
  reviewStatuses,
} from './review.ts';
export type { Decision } from './review.ts';
export { BOARD_PATH, queueBoard } from './queue-board.ts';
