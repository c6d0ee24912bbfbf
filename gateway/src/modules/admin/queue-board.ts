import { randomBytes } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { Queue } from 'bullmq';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { parse, serialize } from 'cookie';
import {
  QUEUE_NAMES,
  queueName,
  redisKeys,
  roleMay,
  type QueuePayloads,
} from '@kabuto/schema/contracts';
import { backofficeWiring } from '@kabuto/schema/modules/backoffice/wiring.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { duplicateRedis } from '../../infra/redis.ts';
import { contractOf, defineAdminCall } from '../../http/call.ts';
import { audit, findActiveAdminSessionById } from './admin-sessions.repository.ts';

/**
 * The queues (Bull Board) for administrators, read-only: what is waiting, delayed, failed and why,
 * never a retry or a removal from a page (a job that moves money is re-run by its own sweep).
 * A page cannot send the console's header, so the console asks for a one-minute, one-use ticket
 * (`queues/ticket`, the staff power), and the board trades it for an HttpOnly cookie scoped to
 * its path. The cookie names a board visit kept in Redis, never a token: it opens nothing but the
 * board, and each request checks that the console session which asked is still live (signed out,
 * idle, 8 h, disabled: the board closes) and its role still has the staff power.
 */
export const BOARD_PATH = '/admin/queues';
const COOKIE = 'kabuto_board';
const TICKET_SECONDS = 60;
/** A board visit lasts at most as long as a staff session (and ends sooner with it). */
const VISIT_SECONDS = 8 * 60 * 60;

export const queueTicketCall = defineAdminCall({
  ...contractOf(backofficeWiring.adminCalls, 'queues/ticket'),
  power: 'staff',
  summary: 'A one-minute, one-use link that opens the read-only queue board',
  async handle({ admin, deps }) {
    const nowMs = deps.clock.nowMs();
    const ticket = randomBytes(24).toString('base64url');
    const key = redisKeys(deps.config.redisPrefix).queueBoardTicket(ticket);
    await deps.redis.set(key, String(admin.sessionId), 'EX', TICKET_SECONDS);
    await audit(deps.db, {
      adminId: admin.adminId,
      action: 'queues.open',
      subject: 'queues',
      detail: {},
      nowMs,
    });
    return { msg: 'ok', data: { url: `${BOARD_PATH}?ticket=${ticket}` } };
  },
});

function refused(res: Parameters<RequestHandler>[1]) {
  res
    .status(401)
    .type('text/plain')
    .send('Open the queues from the back office (administrators): /admin/#/ledger');
}

/** Trades a ticket for the board's cookie, then checks that cookie's session on every request. */
function boardDoor(deps: GatewayDeps): RequestHandler {
  return (req, res, next) => {
    const ticket = typeof req.query['ticket'] === 'string' ? req.query['ticket'] : null;
    const work = async () => {
      if (ticket !== null) {
        const keys = redisKeys(deps.config.redisPrefix);
        const sessionId = await deps.redis.getdel(keys.queueBoardTicket(ticket.slice(0, 64)));
        if (!sessionId) return refused(res);
        const visit = randomBytes(24).toString('base64url');
        await deps.redis.set(keys.queueBoardVisit(visit), sessionId, 'EX', VISIT_SECONDS);
        res.setHeader(
          'Set-Cookie',
          serialize(COOKIE, visit, {
            httpOnly: true,
            sameSite: 'strict',
            secure: req.secure || deps.config.mode === 'live',
            path: BOARD_PATH,
          }),
        );
        return res.redirect(303, `${BOARD_PATH}/`);
      }
      const admin = await sessionOf(req, deps);
      if (!admin) return refused(res);
      next();
    };
    work().catch(next);
  };
}

async function sessionOf(req: Request, deps: GatewayDeps) {
  const visit = parse(req.headers.cookie ?? '')[COOKIE];
  if (!visit || visit.length > 64) return undefined;
  const key = redisKeys(deps.config.redisPrefix).queueBoardVisit(visit);
  const sessionId = Number(await deps.redis.get(key));
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0) return undefined;
  const admin = await findActiveAdminSessionById(deps.db, sessionId, deps.clock.nowMs());
  return admin?.verified && roleMay(admin.role, 'staff') ? admin : undefined;
}

/** The board's router: its door, then Bull Board over every module's queue (opened once). */
export function queueBoard(deps: GatewayDeps): { router: Router; close(): Promise<void> } {
  const router = Router();
  let queues: Queue[] = [];
  let board: Router | null = null;
  const open = () => {
    const connection = duplicateRedis(deps.redis, deps.logger, 'queue-board', {
      maxRetriesPerRequest: 1,
    });
    queues = Object.values(QUEUE_NAMES).map((base) => {
      const queue = new Queue(queueName(base as keyof QueuePayloads, deps.config.redisPrefix), {
        connection,
      });
      queue.on('error', () => undefined);
      return queue;
    });
    const serverAdapter = new ExpressAdapter().setBasePath(BOARD_PATH);
    createBullBoard({
      queues: queues.map((q) => new BullMQAdapter(q, { readOnlyMode: true })),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'Kabuto queues' } },
    });
    return serverAdapter.getRouter() as Router;
  };
  router.use(boardDoor(deps));
  router.use((req, res, next) => (board ??= open())(req, res, next));
  return {
    router,
    close: async () => {
      await Promise.all(queues.map((q) => q.close()));
    },
  };
}
