import { describe, expect, it } from 'vitest';
import { channelName } from './channel-name.ts';

const demo = {
  name: '銀行振込（デモ）',
  names: { ja: '銀行振込（デモ）', en: 'Bank transfer (demo)', zh: '银行转账（演示）' },
};

describe('a deposit channel’s name in the reader’s language', () => {
  it('jp 銀行振込（デモ）, cn 银行转账（演示）, us Bank transfer (demo)', () => {
    expect(channelName(demo, 'jp')).toBe('銀行振込（デモ）');
    expect(channelName(demo, 'cn')).toBe('银行转账（演示）');
    expect(channelName(demo, 'us')).toBe('Bank transfer (demo)');
  });

  it('the operator’s name where the answer carries no translations', () => {
    expect(channelName({ name: '銀行振込（デモ）' }, 'us')).toBe('銀行振込（デモ）');
  });
});
