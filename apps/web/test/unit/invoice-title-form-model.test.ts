import { describe, expect, test } from 'vitest';
import {
  INVOICE_TITLE_MESSAGES,
  InvoiceTitleInputSchema,
  usccCheckCharacter,
} from '@portal/contracts/invoice-title';
import {
  invoiceTitleBodyOf,
  invoiceTitleFieldProblem,
  invoiceTitleValuesOf,
  isInvoiceTitleDirty,
} from '../../src/features/user-center/lib/invoice-title-form-model';

const VALID = '91350100M000100Y43';

describe('invoice title form', () => {
  test('a valid code passes, in any case and with spaces', () => {
    expect(usccCheckCharacter(VALID.slice(0, 17))).toBe(VALID[17]);
    expect(invoiceTitleFieldProblem('taxNo', VALID, 'zh-CN')).toBeNull();
    expect(invoiceTitleFieldProblem('taxNo', '9135 0100 m000 100y43', 'en-US')).toBeNull();
  });

  test('a wrong check character is refused with the server message in each language', () => {
    const wrong = `${VALID.slice(0, 17)}${VALID[17] === '3' ? '4' : '3'}`;
    for (const language of ['zh-CN', 'en-US', 'zh-TW'] as const)
      expect(invoiceTitleFieldProblem('taxNo', wrong, language)).toBe(
        INVOICE_TITLE_MESSAGES['invoiceTitle.taxNoInvalid'][language],
      );
    // Letters the code never uses, and the wrong length.
    expect(invoiceTitleFieldProblem('taxNo', '91350100M000100I43', 'zh-CN')).not.toBeNull();
    expect(invoiceTitleFieldProblem('taxNo', VALID.slice(0, 17), 'zh-CN')).not.toBeNull();
  });

  test('text fields are worded with their label; control characters refused', () => {
    expect(invoiceTitleFieldProblem('companyName', '', 'zh-CN')).toBe('请填写公司名称');
    expect(invoiceTitleFieldProblem('companyName', 'A'.repeat(101), 'en-US')).toBe(
      'Company name must be at most 100 characters',
    );
    expect(invoiceTitleFieldProblem('address', 'Road\u0007 1', 'zh-TW')).toContain('註冊地址');
    expect(invoiceTitleFieldProblem('address', '', 'zh-CN')).toBeNull();
  });

  test('email is optional but must be one when given', () => {
    expect(invoiceTitleFieldProblem('email', '', 'zh-CN')).toBeNull();
    expect(invoiceTitleFieldProblem('email', 'ap@example.com', 'zh-CN')).toBeNull();
    expect(invoiceTitleFieldProblem('email', 'not-an-email', 'en-US')).toBe(
      INVOICE_TITLE_MESSAGES['invoiceTitle.emailInvalid']['en-US'],
    );
  });

  test('the body sends blanks as null and is what the server accepts', () => {
    const values = {
      ...invoiceTitleValuesOf(null),
      companyName: '深圳示例物流有限公司',
      taxNo: VALID,
      phone: '  ',
    };
    const body = invoiceTitleBodyOf(values);
    expect(body).toEqual({
      companyName: '深圳示例物流有限公司',
      taxNo: VALID,
      address: null,
      phone: null,
      bankName: null,
      bankAccount: null,
      email: null,
    });
    expect(InvoiceTitleInputSchema.safeParse(body).success).toBe(true);
  });

  test('dirty means a real change, not spaces', () => {
    const saved = invoiceTitleValuesOf({
      companyName: 'ACME',
      taxNo: VALID,
      address: null,
      phone: null,
      bankName: null,
      bankAccount: null,
      email: 'a@b.cn',
      updatedAt: '2026-11-26T00:00:00.000Z',
    });
    expect(isInvoiceTitleDirty({ ...saved, companyName: 'ACME ' }, saved)).toBe(false);
    expect(isInvoiceTitleDirty({ ...saved, bankName: 'ICBC' }, saved)).toBe(true);
  });
});
