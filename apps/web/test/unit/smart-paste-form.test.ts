import { describe, expect, test } from 'vitest';
import { pastedAddressValues } from '../../src/lib/smart-paste-form';

describe('pastedAddressValues (smart paste into an address form)', () => {
  test('a Chinese address fills the region cascader and only the fields found', () => {
    const { values, skipped } = pastedAddressValues(
      {
        name: '张三',
        phone: '13800138000',
        countryCode: 'CN',
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        addressLine1: '科技园',
      },
      'US',
    );
    expect(values).toEqual({
      name: '张三',
      phone: '13800138000',
      countryCode: 'CN',
      region: ['广东省', '深圳市', '南山区'],
      addressLine1: '科技园',
    });
    expect(skipped).toEqual([]);
  });

  test('a city without districts ends the region at the city', () => {
    const { values } = pastedAddressValues({ countryCode: 'CN', province: '湖北省', city: '仙桃市' }, 'CN');
    expect(values.region).toEqual(['湖北省', '仙桃市']);
  });

  test('a foreign address fills the text fields of province, city and district', () => {
    const { values, skipped } = pastedAddressValues(
      { countryCode: 'US', province: 'IL', city: 'Springfield', postalCode: '62704', houseNumber: '5' },
      'CN',
    );
    expect(values).toEqual({
      countryCode: 'US',
      province: 'IL',
      city: 'Springfield',
      postalCode: '62704',
      houseNumber: '5',
    });
    expect(values.region).toBeUndefined();
    expect(skipped).toEqual([]);
  });

  test('divisions without a country, while the form is on China, are answered as not taken', () => {
    const { values, skipped } = pastedAddressValues(
      { name: 'Ann', city: 'Springfield', province: 'IL' },
      'CN',
    );
    expect(values).toEqual({ name: 'Ann' });
    expect(skipped).toEqual(['province', 'city']);
  });

  test('divisions without a country go to the text fields of a foreign form', () => {
    const { values } = pastedAddressValues({ city: 'Berlin' }, 'DE');
    expect(values).toEqual({ city: 'Berlin' });
  });
});
