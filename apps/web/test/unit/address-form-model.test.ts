import { describe, expect, test } from 'vitest';
import { createAddressSchemas } from '@portal/contracts/address';
import { createCnDivisionIndex } from '@portal/contracts/reference';
import {
  emptyFormValues,
  formErrorsOf,
  type AddressFormValues,
} from '../../src/features/address/lib/address-form-model';

const schema = createAddressSchemas({
  countryCodes: new Set(['CN', 'US', 'DE']),
  cnDivisions: createCnDivisionIndex([
    {
      name: '广东省',
      code: '440000',
      children: [
        {
          name: '深圳市',
          code: '440300',
          children: [{ name: '南山区', code: '440305' }],
        },
      ],
    },
  ]),
}).input;

const chinese = (values: Partial<AddressFormValues> = {}): AddressFormValues => ({
  ...emptyFormValues('sender'),
  name: '张三',
  phone: '13912345678',
  region: ['广东省', '深圳市', '南山区'],
  addressLine1: '科技园南区 8 栋',
  ...values,
});

const american = (values: Partial<AddressFormValues> = {}): AddressFormValues => ({
  ...emptyFormValues('receiver'),
  name: 'John Smith',
  phone: '+1 212 555 0100',
  countryCode: 'US',
  province: 'NY',
  city: 'New York',
  postalCode: '10118',
  addressLine1: '350 Fifth Avenue',
  ...values,
});

const errorsOf = (values: AddressFormValues, language: 'zh-CN' | 'en-US' | 'zh-TW' = 'zh-CN') =>
  Object.fromEntries(formErrorsOf(schema, values, language));

describe('address form checked with the contracts schema', () => {
  test('a complete address has no problems', () => {
    expect(errorsOf(chinese())).toEqual({});
    expect(errorsOf(american())).toEqual({});
  });

  test("a postal code is checked against the country's format", () => {
    expect(errorsOf(american({ postalCode: '1234' }))).toEqual({
      postalCode: ['邮编格式与该国家/地区不符'],
    });
    expect(errorsOf(american({ postalCode: '' }))).toEqual({ postalCode: ['该国家/地区必须填写邮编'] });
    expect(errorsOf(american({ postalCode: '1234' }), 'en-US')).toEqual({
      postalCode: ["The postal code does not match this country's format"],
    });
  });

  test('required fields and phone formats, in the interface language', () => {
    expect(errorsOf(chinese({ name: '  ', phone: '12345' }), 'zh-TW')).toEqual({
      name: ['請填寫姓名'],
      phone: ['請填寫正確的手機號或市話（如 13800138000、0755-12345678）'],
    });
    expect(errorsOf(american({ city: '', email: 'not-an-email' }), 'en-US')).toEqual({
      city: ['City is required'],
      email: ['The email address is not valid'],
    });
  });

  test('Chinese province, city and district problems land on the cascader', () => {
    expect(errorsOf(chinese({ region: [] }))).toEqual({ region: ['请填写城市', '请填写省/州'] });
    expect(errorsOf(chinese({ region: ['广东省', '深圳市'] }))).toEqual({ region: ['请选择区县'] });
    expect(errorsOf(chinese({ region: ['广东省', '深圳市', '福田区'] }))).toEqual({
      region: ['该城市下没有这个区县'],
    });
  });

  test('an unknown country is refused; lengths name the field in the interface language', () => {
    expect(errorsOf(american({ countryCode: 'XX', postalCode: '' }))).toEqual({
      countryCode: ['国家/地区代码不存在'],
    });
    const tooLong = errorsOf(american({ company: 'x'.repeat(101) }), 'en-US');
    expect(tooLong).toEqual({ company: ['Company must be at most 100 characters'] });
    expect(errorsOf(american({ company: '公'.repeat(101) }), 'zh-CN')).toEqual({
      company: ['公司最多 100 个字'],
    });
  });
});
