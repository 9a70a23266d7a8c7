import { describe, expect, it } from 'vitest';
import {
  aliyunCanonicalQuery,
  aliyunPercentEncode,
  aliyunSendSmsParams,
  aliyunSignature,
  aliyunStringToSign,
  aliyunTimestamp,
  AliyunSmsProvider,
  type AliyunSmsConfig,
} from '../../src/lib/sms/aliyun-provider.ts';
import { renderSms, SmsSendFailed } from '../../src/lib/sms/sms-provider.ts';
import { generateCode, hashCode } from '../../src/modules/verification-code/verification-code.service.ts';

/** Aliyun SMS documentation's SendSms signature example (HTTP protocol and signature page). */
const DOC_PARAMS = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

describe('Aliyun SMS signature', () => {
  it("matches the documentation's SendSms example", () => {
    expect(aliyunStringToSign('GET', DOC_PARAMS)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
    );
    expect(aliyunSignature('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // A Signature already among the parameters is not signed.
    expect(aliyunSignature('GET', { ...DOC_PARAMS, Signature: 'x' }, 'testSecret')).toBe(
      'zJDF+Lrzhj/ThnlvIToysFRq6t4=',
    );
  });

  it("matches the RPC signature documentation's DescribeRegions example", () => {
    const params = {
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Version: '2014-05-26',
      Timestamp: '2016-02-23T12:46:24Z',
    };
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes as RFC 3986 (space %20, * %2A, ~ kept) and sorts by name', () => {
    expect(aliyunPercentEncode("a b*~'()!")).toBe('a%20b%2A~%27%28%29%21');
    expect(aliyunCanonicalQuery({ b: '2', a: '1', Signature: 's' })).toBe('a=1&b=2');
    expect(aliyunTimestamp(new Date('2026-11-29T08:01:02.345Z'))).toBe('2026-11-29T08:01:02Z');
  });

  const config: AliyunSmsConfig = {
    accessKeyId: 'id',
    accessKeySecret: 'secret',
    signName: '包裹门户',
    templates: { login: 'SMS_1', reset: 'SMS_2', changePhone: 'SMS_3', register: 'SMS_4' },
    endpoint: 'https://dysmsapi.example',
    regionId: 'cn-hangzhou',
  };
  const message = {
    phone: '13800138000',
    template: 'reset' as const,
    params: { code: '012345', minutes: '10' },
    language: 'zh-CN' as const,
  };

  it('posts the signed SendSms form and reads the answer code', async () => {
    const params = aliyunSendSmsParams(config, message, new Date('2026-11-29T08:00:00Z'), 'nonce-1');
    expect(params).toMatchObject({
      Action: 'SendSms',
      TemplateCode: 'SMS_2',
      PhoneNumbers: '13800138000',
      TemplateParam: '{"code":"012345"}',
      Timestamp: '2026-11-29T08:00:00Z',
    });
    const { Signature, ...signed } = params;
    expect(Signature).toBe(aliyunSignature('POST', signed, 'secret'));

    const sent: { url: string; body?: string }[] = [];
    const http = (status: number, body: string) => ({
      request: async (input: { url: string; body?: string }) => {
        sent.push(input);
        return { status, headers: {}, body };
      },
    });
    await new AliyunSmsProvider(config, http(200, '{"Code":"OK","Message":"OK"}')).send(message);
    expect(sent[0]?.url).toBe('https://dysmsapi.example/');
    const form = new URLSearchParams(sent[0]!.body);
    expect(form.get('Signature')).toBeTruthy();
    expect(form.get('SignName')).toBe('包裹门户');
    await expect(
      new AliyunSmsProvider(config, http(200, '{"Code":"isv.BUSINESS_LIMIT_CONTROL"}')).send(message),
    ).rejects.toBeInstanceOf(SmsSendFailed);
    await expect(new AliyunSmsProvider(config, http(502, 'Bad gateway')).send(message)).rejects.toThrow(
      /HTTP 502/,
    );
  });
});

describe('codes', () => {
  it('are six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Each leading digit turns up (a code space of 000000–999999, not 100000–999999).
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  it('are stored as an HMAC bound to the code id and the secret', () => {
    expect(hashCode('s', 'id-1', '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode('s', 'id-1', '123456')).not.toBe(hashCode('s', 'id-2', '123456'));
    expect(hashCode('s', 'id-1', '123456')).not.toBe(hashCode('t', 'id-1', '123456'));
  });

  it('render in the three languages', () => {
    const base = {
      phone: '13800138000',
      template: 'login' as const,
      params: { code: '042042', minutes: '10' },
    };
    expect(renderSms({ ...base, language: 'zh-CN' })).toBe(
      '您的登录验证码为 042042，10 分钟内有效。如非本人操作，请忽略本短信。',
    );
    expect(renderSms({ ...base, language: 'en-US' })).toContain('Your sign-in code is 042042');
    expect(renderSms({ ...base, language: 'zh-TW' })).toContain('登入驗證碼為 042042');
  });
});
