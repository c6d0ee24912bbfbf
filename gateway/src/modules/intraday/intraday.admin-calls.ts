import { writeTransaction } from '@kabuto/schema/db';
import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { intradayWiring } from '@kabuto/schema/modules/intraday/wiring.ts';
import { audit } from '../admin/public.ts';
import { applicationsForAdmin } from './intraday-query.service.ts';
import { viewOf } from './intraday.calls.ts';

export const adminIntradayListCall = defineAdminCall({
  power: 'see',
  ...contractOf(intradayWiring.adminCalls, 'intraday/applications'),
  summary:
    'Intraday applications by status and market with their figures; read-only, the read is audited',
  async handle({ input, admin, deps }) {
    const view = viewOf(deps);
    const data = await applicationsForAdmin(deps.db, input, view);
    await writeTransaction(deps.db, (trx) =>
      audit(trx, {
        adminId: admin.adminId,
        action: 'intraday.list',
        subject: 'intraday_application',
        detail: { ...input, rows: data.length },
        nowMs: view.nowMs,
      }),
    );
    return { msg: 'ok', data };
  },
});

export const INTRADAY_ADMIN_CALLS: readonly CallDefinition[] = [adminIntradayListCall];
