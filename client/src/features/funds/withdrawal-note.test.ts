import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import us from '../../locales/us.json';
import { withdrawalNote } from './withdrawal-note.ts';

beforeAll(async () => {
  await i18next.init({
    resources: { us: { translation: us } },
    lng: 'us',
    interpolation: { escapeValue: false },
  });
});

const card = { bank_name: 'みずほ銀行', masked_number: '****567' };

describe('withdrawalNote', () => {
  it('a payout the bank refused says why in words, never the refusal key', () => {
    expect(withdrawalNote({ ...card, state: 'failed', reason: 'card_not_found' })).toBe(
      us.msg.card_not_found,
    );
  });

  it("a reviewer's reason is shown as written; an open one shows its card", () => {
    expect(withdrawalNote({ ...card, state: 'rejected', reason: 'card_not_found' })).toBe(
      'card_not_found',
    );
    expect(withdrawalNote({ ...card, state: 'sending', reason: null })).toBe('みずほ銀行 ****567');
  });
});
