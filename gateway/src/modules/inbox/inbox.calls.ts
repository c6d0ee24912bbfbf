import {
  emptyRequest,
  idRequest,
  inboxListResponse,
  inboxUnreadResponse,
  noData,
  Refusal,
} from '@kabuto/schema/contracts';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { loadUserSecurity } from '../kyc/public.ts';
import { countUnread, listInbox, markInboxRead } from './inbox.repository.ts';

export const inboxListCall = defineUserCall({
  path: 'user/messages',
  summary: 'The caller’s inbox, newest first, each message with the anti-phishing phrase',
  input: emptyRequest,
  output: inboxListResponse,
  async handle({ caller, deps }) {
    const security = await loadUserSecurity(deps.db, caller.userId);
    const messages = await listInbox(deps.db, caller.userId);
    return {
      msg: 'ok',
      data: messages.map((m) => ({
        message_id: String(m.id),
        kind: m.kind,
        params: m.params,
        read: m.readAtMs !== null,
        created_at: m.createdAtMs,
        anti_phishing_phrase: security.antiPhishingPhrase,
      })),
    };
  },
});

export const inboxReadCall = defineUserCall({
  path: 'user/messageRead',
  summary: 'Marks one of the caller’s messages read',
  input: idRequest,
  output: noData,
  async handle({ input, caller, deps }) {
    const marked = await markInboxRead(
      deps.db,
      caller.userId,
      BigInt(input.id),
      deps.clock.nowMs(),
    );
    if (marked === 'not_found') throw new Refusal('not_found');
    return { msg: 'ok' };
  },
});

export const inboxUnreadCall = defineUserCall({
  path: 'user/messageUnread',
  summary: 'How many of the caller’s messages are unread (the bell’s badge)',
  input: emptyRequest,
  output: inboxUnreadResponse,
  async handle({ caller, deps }) {
    return { msg: 'ok', data: { unread: await countUnread(deps.db, caller.userId) } };
  },
});

/** The inbox module's calls, in the order the central list shows them. */
export const INBOX_CALLS: readonly CallDefinition[] = [
  inboxListCall,
  inboxReadCall,
  inboxUnreadCall,
];
