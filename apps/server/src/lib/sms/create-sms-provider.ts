import type { SmsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentHttp } from '../../modules/payment/payment-provider.ts';
import { AliyunSmsProvider } from './aliyun-provider.ts';
import { SandboxSmsProvider } from './sandbox-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

/** The provider `SMS_PROVIDER` names: the sandbox (default) or Aliyun SMS with its keys and templates. */
export function createSmsProvider(config: SmsConfig, db: Db, http: PaymentHttp): SmsProvider {
  return config.provider.kind === 'aliyun'
    ? new AliyunSmsProvider(config.provider, http)
    : new SandboxSmsProvider(db);
}
