import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import {
  formatChinaDateTime,
  formatChinaRfc3339,
  headerValue,
  loadPrivateKey,
  loadPublicKey,
  parseChinaDateTime,
  parseRfc3339,
} from '../../src/modules/payment/provider-support.ts';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
/** A self-signed RSA certificate: merchants on WeChat Pay's platform certificates configure one instead of a public key. */
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDKzCCAhOgAwIBAgIUUVXiO1XVcVbM2Wd/HWZJ/6LUWZQwDQYJKoZIhvcNAQEL
BQAwJTEjMCEGA1UEAwwaV2VDaGF0IFBheSBwbGF0Zm9ybSAodGVzdCkwHhcNMjYx
MTI2MTExNzAwWhcNMzYxMTIzMTExNzAwWjAlMSMwIQYDVQQDDBpXZUNoYXQgUGF5
IHBsYXRmb3JtICh0ZXN0KTCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEB
AMag7K9seU6ExFc5rJ6iTstQVR9aSpQjUzSyCa2FHrEJB1G5DvjFG+MX+8s+tKvZ
Rs1PgArE2WC0EKfgtNyaET5wjK7vdvQn6Z0wanwhsa/ydiK1zrgeFfqLRY2Hhghj
4hxulLqEQQShM8sNi55P08kLsLj7eTlnx1SNvlFOPAiQbW/BsQGRqvyWMBu3eV8C
cd8ymF+KcMaHt1ju9q38lU6OfjK6xeTj4CgBMeh+B5CJnwnY07YffVYs2FBTlOWE
5AtOVcyY3MAV7QILEuGNxVc2urszeKkpDr9do6xCNItEEcOW8q1AE1JtC7QPtGvP
YvpvyFPJGM1LQhhhIXRMPq0CAwEAAaNTMFEwHQYDVR0OBBYEFKRzy5+QZWrDLL/l
VleheXVNGxI2MB8GA1UdIwQYMBaAFKRzy5+QZWrDLL/lVleheXVNGxI2MA8GA1Ud
EwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADggEBAInWFREZAI+2KvRWFciINAk8
z+4RKyyDnxlchofa3E1IsIKAIuCvElO1mTGXhgMud9Z0kuxSWvkpAWvQnUpkwewR
318rg/BFqhXP/g3sJ48EATA5+WY9p5LxRl3aBnx1iJvvD76Q4krVJ61rN9j7d4h/
2WTGMitci6Orq8pRCrpXJPLS+Sq/aPKN1JiOrcEx+Hy/6s5bCZJgT1P8jTZGlD7P
+A+alYek2AfZ+cdHOS9lUy4ncPlCzJQYUspj7IA8MZjcUmVR85doPtgotyQ+PTbN
CIfThbE1RflNE4dUegwhqES7ejuocuw9fTF82nS6RxCWmXH8KYncPJH+7qtUKDo=
-----END CERTIFICATE-----`;

describe('provider keys', () => {
  it('reads every form the providers hand keys out in', () => {
    const forms = {
      pkcs8Pem: rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      pkcs1Pem: rsa.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
      pkcs8Bare: rsa.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      pkcs1Bare: rsa.privateKey.export({ format: 'der', type: 'pkcs1' }).toString('base64'),
    };
    const expected = rsa.privateKey.export({ format: 'der', type: 'pkcs8' });
    for (const [form, text] of Object.entries(forms))
      expect(loadPrivateKey(text, 'KEY').export({ format: 'der', type: 'pkcs8' }), form).toEqual(expected);
    // An env file often holds a PEM on one line with `\n` written out.
    const oneLine = forms.pkcs8Pem.trim().replace(/\n/g, '\\n');
    expect(loadPrivateKey(oneLine, 'KEY').export({ format: 'der', type: 'pkcs8' })).toEqual(expected);

    const publicDer = rsa.publicKey.export({ format: 'der', type: 'spki' });
    for (const text of [
      rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      rsa.publicKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
      publicDer.toString('base64'),
      rsa.publicKey.export({ format: 'der', type: 'pkcs1' }).toString('base64'),
    ])
      expect(loadPublicKey(text, 'KEY').export({ format: 'der', type: 'spki' })).toEqual(publicDer);
  });

  it('reads the public key of an X.509 certificate', () => {
    const fromCertificate = new X509Certificate(CERTIFICATE).publicKey.export({
      format: 'der',
      type: 'spki',
    });
    expect(loadPublicKey(CERTIFICATE, 'KEY').export({ format: 'der', type: 'spki' })).toEqual(
      fromCertificate,
    );
  });

  it('stops the start with the variable named when a key is unreadable or not RSA', () => {
    const ecPem = ec.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const text of [
      '',
      'secret',
      'bm90IGEga2V5',
      ecPem,
      '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
    ])
      expect(() => loadPrivateKey(text, 'ALIPAY_PRIVATE_KEY'), text).toThrow(/ALIPAY_PRIVATE_KEY/);
    expect(() => loadPublicKey(ec.publicKey.export({ format: 'pem', type: 'spki' }).toString(), 'K')).toThrow(
      ConfigError,
    );
    expect(() => loadPublicKey('%%%', 'K')).toThrow(ConfigError);
  });
});

describe('provider times and headers', () => {
  it('writes and reads China time (UTC+8) both ways', () => {
    const instant = new Date('2026-12-31T16:30:05.000Z');
    expect(formatChinaDateTime(instant)).toBe('2027-01-01 00:30:05');
    expect(parseChinaDateTime('2027-01-01 00:30:05')).toEqual(instant);
    expect(formatChinaRfc3339(instant)).toBe('2027-01-01T00:30:05+08:00');
    expect(parseRfc3339('2027-01-01T00:30:05+08:00')).toEqual(instant);
    for (const text of ['2027-01-01T00:30:05', '2027-01-01 00:30', 'tomorrow', '2027-13-45 99:99:99'])
      expect(parseChinaDateTime(text) ?? parseRfc3339(text), text).toBeNull();
  });

  it('finds a header whatever the case of its name', () => {
    expect(headerValue({ 'Wechatpay-Nonce': 'a' }, 'wechatpay-nonce')).toBe('a');
    expect(headerValue({ 'wechatpay-nonce': ['b', 'c'] }, 'Wechatpay-Nonce')).toBe('b');
    expect(headerValue({}, 'x')).toBeUndefined();
  });
});
