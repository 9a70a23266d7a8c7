import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { SmsLoginForm } from '../../src/features/auth/components/sms-login-form';
import { changeLanguage } from '../../src/lib/i18n/i18n';

const sendLoginSms = vi.hoisted(() => vi.fn());
vi.mock('../../src/features/auth/api/sms-login', () => ({ sendLoginSms }));

beforeAll(async () => {
  await changeLanguage('zh-CN');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sendLoginSms.mockReset();
});

const sendButton = () => screen.getByTestId('send-code') as HTMLButtonElement;

test('sends the code only for a valid phone, then counts down the seconds the server gave', async () => {
  vi.useFakeTimers();
  sendLoginSms.mockResolvedValue({ resendAfterSeconds: 60, expiresInSeconds: 600 });
  render(<SmsLoginForm isBusy={false} error={null} onSubmit={() => undefined} onError={() => undefined} />);
  expect(sendButton().disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '138 0013 8000' } });
  expect(sendButton().disabled).toBe(false);
  await act(async () => {
    fireEvent.click(sendButton());
  });
  expect(sendLoginSms).toHaveBeenCalledWith('13800138000');
  expect(sendButton().textContent).toBe('60 秒后重新获取');
  expect(sendButton().disabled).toBe(true);
  expect(screen.getByText('验证码已发送至 138****8000，10 分钟内有效')).toBeTruthy();
  await act(async () => {
    vi.advanceTimersByTime(1000);
  });
  expect(sendButton().textContent).toBe('59 秒后重新获取');
});

test('names a bad phone and a bad code, and submits the cleaned values', () => {
  const onSubmit = vi.fn();
  render(<SmsLoginForm isBusy={false} error={null} onSubmit={onSubmit} onError={() => undefined} />);
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '12a' } });
  fireEvent.submit(document.getElementById('smsLogin')!);
  expect(screen.getByText('请输入正确的 11 位手机号')).toBeTruthy();
  expect(screen.getByText('请输入 6 位数字验证码')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
  fireEvent.change(screen.getByLabelText('验证码'), { target: { value: ' 042042 ' } });
  fireEvent.submit(document.getElementById('smsLogin')!);
  expect(onSubmit).toHaveBeenCalledWith({ userPhone: '13800138000', code: '042042' });
});
