import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { reviewer } from './support/funds-helpers.ts';
import {
  balance,
  db,
  readyToWithdraw,
  requestId,
  state,
  t,
  useFundsGateway,
  userIdOf,
} from './support/funds-suite.ts';
import { PASSWORD, type Session } from './support/test-gateway.ts';

// Corrections with four eyes (issue 21): no screen sets a balance; an administrator asks for a
// journal to be reversed with a reason, a second administrator approves, and the user sees the
// correction as its own statement line and an inbox message. The one who asked cannot approve,
// only cash movements are corrected here, a correction the cash no longer covers changes nothing,
// and two approvals racing post one reversal.
useFundsGateway();

const administrators = async (n: number) =>
  Promise.all(Array.from({ length: n }, () => reviewer(t, undefined, 'administrator')));

async function depositJournalOf(s: Session): Promise<string> {
  const row = await db()
    .selectFrom('journal')
    .select('id')
    .where('user_id', '=', BigInt(await userIdOf(s)))
    .where('kind', '=', 'deposit')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const reversalJournals = async () =>
  Number(
    (
      await db()
        .selectFrom('journal')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'reversal')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('corrections with four eyes', () => {
  it('one administrator asks, the same one cannot approve, a second does: the user sees the correction', async () => {
    const { s } = await readyToWithdraw();
    const [asker, approver] = await administrators(2);
    const journalId = await depositJournalOf(s);
    const looked = (await asker!.call('ledger/journal', { id: journalId })).body.data;
    expect(looked).toMatchObject({ kind: 'deposit', account: s.account, not_reversible: null });
    expect(looked.postings).toContainEqual({
      account: `u:${await userIdOf(s)}:cash:JPY`,
      currency: 'JPY',
      amount: '300000',
    });
    const asked = await asker!.call('ledger/reversal/propose', {
      journal_id: journalId,
      reason: 'deposit credited twice by the bank file',
      cause: 'duplicate',
    });
    expect(asked.body.msg).toBe('submit_ok');
    const requestIdOf = String(asked.body.data.id);
    const before = await state(s);
    const self = await asker!.call('ledger/reversal/decide', {
      id: requestIdOf,
      decision: 'approve',
      reason: 'looks right',
    });
    expect([self.http, self.body.msg]).toEqual([403, 'second_administrator_required']);
    expect(await state(s)).toEqual(before);

    const approved = await approver!.call('ledger/reversal/decide', {
      id: requestIdOf,
      decision: 'approve',
      reason: 'checked against the bank statement',
    });
    expect(approved.body.msg).toBe('submit_ok');
    expect(await balance(s, 'cash', 'JPY')).toBe(0n);
    const [line] = (await t.call('fund/records', {}, s)).body.data;
    expect(line).toMatchObject({ kind: 'reversal', amount: '-300000', balance: '0' });
    // The user reads the cause in their language, never the staff's own reason.
    expect(line.memo_params).toEqual({ template: 'reversal_duplicate', journal: journalId });
    expect(JSON.stringify(line)).not.toContain('bank file');
    const [message] = (await t.call('user/messages', {}, s)).body.data;
    expect(message).toMatchObject({ kind: 'ledger_correction' });
    expect(message.params).toEqual({ journal: journalId, amount: '-300000', currency: 'JPY' });
    const report = (await approver!.call('ledger/reconcile')).body.data;
    expect(report.breaches).toEqual([]);
    const listed = (await approver!.call('ledger/reversal/list', { status: 'approved' })).body.data;
    expect(listed[0]).toMatchObject({
      id: requestIdOf,
      status: 'approved',
      cause: 'duplicate',
      moved: '300000 JPY',
      proposed_by: asker!.login,
      decided_by: approver!.login,
    });
    const audits = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `journal:${journalId}`)
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual([
      'ledger.reversal.approve',
      'ledger.reversal.propose',
    ]);
  });

  it('refuses a second correction of an entry, a correction of a correction and a hold, with nothing written', async () => {
    const { s, cardId } = await readyToWithdraw();
    const [asker, approver] = await administrators(2);
    const journalId = await depositJournalOf(s);
    const asked = await asker!.call('ledger/reversal/propose', {
      journal_id: journalId,
      reason: 'wrong amount',
      cause: 'duplicate',
    });
    await approver!.call('ledger/reversal/decide', {
      id: String(asked.body.data.id),
      decision: 'approve',
      reason: 'agreed',
    });
    const reversal = await db()
      .selectFrom('journal')
      .select('id')
      .where('kind', '=', 'reversal')
      .where('user_id', '=', BigInt(await userIdOf(s)))
      .executeTakeFirstOrThrow();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const requests = () => db().selectFrom('reversal_request').selectAll().execute();
    const before = { state: await state(s), requests: await requests() };
    const again = await asker!.call('ledger/reversal/propose', {
      journal_id: journalId,
      reason: 'again',
      cause: 'duplicate',
    });
    expect(again.body.msg).toBe('reversal_exists');
    const ofReversal = await asker!.call('ledger/reversal/propose', {
      journal_id: String(reversal.id),
      reason: 'undo the undo',
      cause: 'duplicate',
    });
    expect(ofReversal.body.msg).toBe('reversal_not_allowed');
    const missing = await asker!.call('ledger/reversal/propose', {
      journal_id: '999999999',
      reason: 'nothing there',
      cause: 'duplicate',
    });
    expect(missing.body.msg).toBe('not_found');
    expect({ state: await state(s), requests: await requests() }).toEqual(before);
    expect(cardId).toBeTruthy();
  });

  it('a correction the cash no longer covers is refused at approval and changes nothing', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const withdrawn = await t.call(
      'fund/withdraw',
      { card_id: cardId, amount: '50000', fund_password: '246810', request_id: requestId() },
      s,
    );
    expect(withdrawn.body.msg).toBe('withdraw_ok');
    const holdJournal = await db()
      .selectFrom('journal')
      .select('id')
      .where('user_id', '=', BigInt(await userIdOf(s)))
      .where('kind', '<>', 'deposit')
      .executeTakeFirstOrThrow();
    const [asker, approver] = await administrators(2);
    const hold = await asker!.call('ledger/reversal/propose', {
      journal_id: String(holdJournal.id),
      reason: 'hold',
      cause: 'duplicate',
    });
    expect(hold.body.msg).toBe('reversal_not_allowed');
    const asked = await asker!.call('ledger/reversal/propose', {
      journal_id: await depositJournalOf(s),
      reason: 'deposit was a test transfer',
      cause: 'duplicate',
    });
    const before = await state(s);
    const refused = await approver!.call('ledger/reversal/decide', {
      id: String(asked.body.data.id),
      decision: 'approve',
      reason: 'agreed',
    });
    expect(refused.body.msg).toBe('balance_insufficient');
    expect(await state(s)).toEqual(before);
    const [pending] = (await approver!.call('ledger/reversal/list')).body.data;
    expect(pending).toMatchObject({ id: String(asked.body.data.id), status: 'pending' });
  });

  it('two administrators approving at once post one reversal', async () => {
    const { s } = await readyToWithdraw();
    const [asker, first, second] = await administrators(3);
    const asked = await asker!.call('ledger/reversal/propose', {
      journal_id: await depositJournalOf(s),
      reason: 'duplicate credit',
      cause: 'duplicate',
    });
    const before = await reversalJournals();
    const answers = await Promise.all(
      [first!, second!].map((admin) =>
        admin.call('ledger/reversal/decide', {
          id: String(asked.body.data.id),
          decision: 'approve',
          reason: 'agreed',
        }),
      ),
    );
    expect(answers.map((a) => a.body.msg).sort()).toEqual(['not_found', 'submit_ok']);
    expect(await reversalJournals()).toBe(before + 1);
    expect(await balance(s, 'cash', 'JPY')).toBe(0n);
  });

  it('a rejected request changes no balance and frees the entry for a new request', async () => {
    const { s } = await readyToWithdraw();
    const [asker, approver] = await administrators(2);
    const journalId = await depositJournalOf(s);
    const asked = await asker!.call('ledger/reversal/propose', {
      journal_id: journalId,
      reason: 'unsure',
      cause: 'duplicate',
    });
    await approver!.call('ledger/reversal/decide', {
      id: String(asked.body.data.id),
      decision: 'reject',
      reason: 'the credit was right',
    });
    expect(await balance(s, 'cash', 'JPY')).toBe(300_000n);
    const again = await asker!.call('ledger/reversal/propose', {
      journal_id: journalId,
      reason: 'new evidence',
      cause: 'duplicate',
    });
    expect(again.body.msg).toBe('submit_ok');
  });

  it('an account the asker added from the console cannot be the second pair of eyes', async () => {
    const { s } = await readyToWithdraw();
    const [asker] = await administrators(1);
    const puppet = { login: `puppet${Date.now() % 1e6}`, password: 'puppet-password-1' };
    await asker!.call('staff/create', { ...puppet, role: 'administrator' });
    const post = (path: string, body: Record<string, string>, token?: string) =>
      fetch(`${t.baseUrl}/api/admin/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(token ? { 'admin-token': token } : {}),
        },
        body: new URLSearchParams(body).toString(),
      }).then((r) => r.json() as Promise<{ msg: string; data: any }>);
    const token = String((await post('login', puppet)).data.token);
    const secret = String((await post('totp/setup', {}, token)).data.secret);
    const otp = await generate({ secret, epoch: Math.floor(t.nowMs() / 1000) });
    expect((await post('totp/enable', { otp }, token)).msg).toBe('modify_ok');
    const asked = await asker!.call('ledger/reversal/propose', {
      journal_id: await depositJournalOf(s),
      reason: 'duplicate credit',
      cause: 'duplicate',
    });
    const before = await state(s);
    const refused = await post(
      'ledger/reversal/decide',
      { id: String(asked.body.data.id), decision: 'approve', reason: 'fine by me' },
      token,
    );
    expect(refused.msg).toBe('second_administrator_required');
    expect(await state(s)).toEqual(before);
  });
});
