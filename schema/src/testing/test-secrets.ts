import { randomBytes } from 'node:crypto';
import { secretBoxOf } from '../db/secret-box.ts';

/**
 * The secret box's key for this test process (fresh each run, never a key of any install), as
 * KABUTO_SECRET_KEY takes it: a process a test starts opens what the test sealed when given it.
 */
export const TEST_SECRET_KEY = randomBytes(32).toString('base64');

/** The box on `TEST_SECRET_KEY`: builders seal with it, and jobs under test open with it. */
export const TEST_SECRET_BOX = secretBoxOf(Buffer.from(TEST_SECRET_KEY, 'base64'));
