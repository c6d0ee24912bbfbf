import { describe, expect, it } from 'vitest';
import { isValidLoginId, normaliseLoginId } from './identity.ts';

describe('isValidLoginId', () => {
  it.each(['09012345678', '0312345678', 'taro@example.jp', 'a.b+c@mail.co.uk'])(
    'when %s, accepts it',
    (id) => expect(isValidLoginId(id)).toBe(true),
  );

  it.each(['123456789', '123456789012', '090-1234-5678', 'taro@', '@x.jp', 'taro example.jp', ''])(
    'when %s, refuses it',
    (id) => expect(isValidLoginId(id)).toBe(false),
  );

  it('when an e-mail differs only by case, normalises to one id', () => {
    expect(normaliseLoginId(' Taro@Example.JP ')).toBe('taro@example.jp');
    expect(normaliseLoginId('09012345678')).toBe('09012345678');
  });
});
