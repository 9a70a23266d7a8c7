import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/lib/rate-limit.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address and reads an IPv4-mapped one as it', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:7:9::/64';
    for (const address of [
      '2001:db8:7:9::1',
      '2001:0DB8:0007:0009:ffff:0:0:1',
      '2001:db8:7:9:1:2:3:4',
      '2001:db8:7:9:1:2:1.2.3.4',
    ])
      expect(addressKey(address)).toBe(key);
    expect(addressKey('2001:db8:7:a::1')).toBe('2001:db8:7:a::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything that is no IP address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
