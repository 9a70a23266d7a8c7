import { createAddressSchemas, isValidPhone } from '@portal/contracts/address';
import { POSTAL_CODE_FORMATS, isValidPostalCode, normalizePostalCode } from '@portal/contracts/reference';
import { describe, expect, it } from 'vitest';
import { cnDivisions } from '../../src/modules/reference/cn-divisions.ts';

describe('postal codes', () => {
  it('accepts each format’s own example', () => {
    for (const [country, format] of Object.entries(POSTAL_CODE_FORMATS)) {
      expect(isValidPostalCode(country, format.example), `${country} ${format.example}`).toBe(true);
    }
  });

  it('checks well-known formats after normalising case and spaces', () => {
    const cases: [string, string, boolean][] = [
      ['US', '90210', true],
      ['US', '90210-1234', true],
      ['US', '9021', false],
      ['US', '90210-12', false],
      ['CA', 'k1a 0b1', true],
      ['CA', 'K1A0B1', true],
      ['CA', 'D1A 0B1', false],
      ['GB', 'sw1a 1aa', true],
      ['GB', 'M1 1AE', true],
      ['GB', 'EC1A  1BB', true],
      ['GB', '12345', false],
      ['DE', '10115', true],
      ['DE', '1011', false],
      ['FR', '75008', true],
      ['JP', '100-0001', true],
      ['JP', '1000001', true],
      ['JP', '100-001', false],
      ['AU', '2000', true],
      ['AU', '20000', false],
      ['NL', '1012 ab', true],
      ['CN', '518000', true],
      ['CN', '51800', false],
      ['HK', 'anything at all', true],
      ['ZZ', '', true],
    ];
    for (const [country, code, valid] of cases)
      expect(isValidPostalCode(country, code), `${country} ${code}`).toBe(valid);
    expect(normalizePostalCode('  sw1a \t 1aa ')).toBe('SW1A 1AA');
  });
});

describe('phone numbers', () => {
  it('takes Chinese mobiles and landlines for China and any sane number elsewhere', () => {
    expect(isValidPhone('CN', '13800138000')).toBe(true);
    expect(isValidPhone('CN', '+86 138 0013 8000')).toBe(true);
    expect(isValidPhone('CN', '0755-12345678')).toBe(true);
    expect(isValidPhone('CN', '010-1234567')).toBe(true);
    expect(isValidPhone('CN', '12800138000')).toBe(false);
    expect(isValidPhone('CN', '12345')).toBe(false);
    expect(isValidPhone('US', '+1 (555) 123-4567')).toBe(true);
    expect(isValidPhone('US', '1234')).toBe(false);
    expect(isValidPhone('US', 'call me')).toBe(false);
  });
});

describe('address schema with reference data', () => {
  const { input } = createAddressSchemas({ countryCodes: new Set(['CN', 'US']), cnDivisions: cnDivisions() });
  const base = {
    addressType: 'sender',
    name: 'A',
    phone: '13800138000',
    countryCode: 'CN',
    city: '深圳市',
    addressLine1: 'x',
  };
  const issues = (value: object) => {
    const result = input.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('needs a real province, city and district for China', () => {
    expect(issues({ ...base, province: '广东省', district: '南山区' })).toEqual([]);
    expect(issues({ ...base, province: '广东省' })).toEqual(['district:address.districtRequired']);
    expect(issues({ ...base, province: '湖北省', district: '南山区' })).toEqual(['city:address.cityUnknown']);
    expect(issues({ ...base })).toEqual(['province:text.required']);
    expect(issues({ ...base, province: '湖北省', city: '仙桃市', phone: '0728-1234567' })).toEqual([]);
  });

  it('checks countries, postal codes and blank optional fields', () => {
    const us = { ...base, countryCode: 'us', city: 'LA', phone: '+1 555 123 4567' };
    expect(issues({ ...us, postalCode: '90001', email: '' })).toEqual([]);
    expect(issues(us)).toEqual(['postalCode:address.postalCodeRequired']);
    expect(issues({ ...us, countryCode: 'DE', postalCode: '10115' })).toEqual([
      'countryCode:address.countryUnknown',
    ]);
    const parsed = input.parse({ ...us, postalCode: '90001', company: '   ', email: null });
    expect(parsed).toMatchObject({ countryCode: 'US', company: null, email: null, province: null });
  });
});
