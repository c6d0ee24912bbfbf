import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('addressKey', () => {
  it('keys an IPv4 address as itself, however it is written', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::FFFF:cb00:7105')).toBe('203.0.113.5');
    expect(addressKey('203.0.113.5:51234')).toBe('203.0.113.5');
    expect(addressKey(' 203.0.113.5 ')).toBe('203.0.113.5');
  });

  it('keys an IPv6 address by its /64, so one subscriber cannot rotate through its block', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:9',
      '[2001:db8:1:2::7]:443',
      '2001:db8:1:2::5%eth0',
      '2001:db8:1:2:0:0:1.2.3.4',
    ]) {
      expect(addressKey(address)).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('keeps what is not an address as it came', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('garbage')).toBe('garbage');
    expect(addressKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
