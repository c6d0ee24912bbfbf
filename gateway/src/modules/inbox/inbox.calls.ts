import { emptyRequest, idRequest, inboxListResponse, noData } from '@kabuto/schema/contracts';
import { defineUserCall } from '../../http/call.ts';
import { loadUserSecurity } from '../kyc/user-security.repository.ts';

export const inboxListCall = defineUserCall({
  path: 'user/messages',
  summary: 'The caller’s inbox, newest first, each message with the anti-phishing phrase',
  input: emptyRequest,
  output: inboxListResponse,
  async handle({ caller, deps }) {
    const security = await loadUserSecurity(deps.db, caller.userId);
    const rows = await deps.db
      .selectFrom('inbox_message')
      .selectAll()
      .where('user_id', '=', BigInt(caller.userId))
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return {
      msg: 'ok',
      data: rows.map((r) => ({
        message_id: String(r.id),
        kind: r.kind,
        params: JSON.parse(r.params) as Record<string, string>,
        read: r.read_at !== null,
        created_at: Number(r.created_at),
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
    await deps.db
      .updateTable('inbox_message')
      .set({ read_at: deps.clock.nowMs() })
      .where('id', '=', BigInt(input.id))
      .where('user_id', '=', BigInt(caller.userId))
      .where('read_at', 'is', null)
      .execute();
    return { msg: 'ok' };
  },
});
