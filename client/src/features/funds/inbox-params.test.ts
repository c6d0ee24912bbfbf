import { describe, expect, it } from 'vitest';
import { inboxParams } from './inbox-params.ts';

const time = (ms: number) => `at ${ms}`;

describe('inboxParams', () => {
  it('groups the money, prices and counts of a new-share message and names the deadline as a time', () => {
    const won = { symbol: '942K', lots: '1200', amount: '150000', currency: 'JPY', deadline: '99' };
    expect(inboxParams(won, time)).toMatchObject({
      symbol: '942K',
      lots: '1,200',
      amount: '150,000',
      currency: 'JPY',
      deadline: 'at 99',
    });
    const listed = inboxParams({ symbol: '942K', qty: '100000', price: '1500.5' }, time);
    expect(listed).toMatchObject({ symbol: '942K', qty: '100,000', price: '1,500.5' });
  });

  it('shows -- for a named param the message lacks (never a literal {{symbol}})', () => {
    const shown = inboxParams({ symbol: '942K' }, time);
    expect([shown.lots, shown.amount, shown.price, shown.qty]).toEqual(['--', '--', '--', '--']);
    expect(inboxParams(null, time).symbol).toBe('--');
  });

  it('keeps words as they are and an unreadable figure as sent', () => {
    const shown = inboxParams({ reason: 'blurred photo', amount: 'n/a', deadline: 'soon' }, time);
    expect([shown.reason, shown.amount, shown.deadline]).toEqual(['blurred photo', 'n/a', '--']);
  });

  it('drops the full stop a reviewer ended the reason with: the template ends the sentence', () => {
    expect(
      inboxParams({ reason: '書類の写真が不鮮明です。撮り直してください。' }, time).reason,
    ).toBe('書類の写真が不鮮明です。撮り直してください');
    expect(inboxParams({ reason: 'Photo is blurred. ' }, time).reason).toBe('Photo is blurred');
    expect(inboxParams({ reason: '照片模糊。' }, time).reason).toBe('照片模糊');
  });
});
