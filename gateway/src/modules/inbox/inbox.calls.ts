import { emptyRequest, idRequest, inboxListResponse, noData } from '@kabuto/schema/contracts';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { loadUserSecurity } from '../kyc/public.ts';
import { listInbox, markInboxRead } from './inbox.repository.ts';

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
    await markInboxRead(deps.db, caller.userId, BigInt(input.id), deps.clock.nowMs());
    return { msg: 'ok' };
  },
});

/** The inbox module's calls, in the order the central list shows them. */
export const INBOX_CALLS: readonly CallDefinition[] = [inboxListCall, inboxReadCall];
