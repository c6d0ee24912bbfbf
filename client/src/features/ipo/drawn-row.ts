import type { AllotmentDrawn, CallAnswer } from '@kabuto/schema/contracts';

type NewShareRecord = CallAnswer<'trade/usernewstocklist'>[number];

/** The row as the draw left it: won (awaiting payment) with the amount due, or not won. */
export function applyDrawn(record: NewShareRecord, event: AllotmentDrawn): NewShareRecord {
  const won = event.lots_won > 0;
  return {
    ...record,
    state: won ? 'won' : 'lost',
    status: won ? 1 : 0,
    lots_won: event.lots_won,
    rjmoney: won ? event.amount_due : '-',
    pay_deadline: event.pay_deadline,
  };
}
