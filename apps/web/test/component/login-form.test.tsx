import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { LoginForm } from '../../src/features/auth/components/login-form';
import { changeLanguage } from '../../src/lib/i18n/i18n';

beforeAll(async () => {
  await changeLanguage('zh-CN');
});
afterEach(() => cleanup());

test('names each empty field and sends nothing; then submits the trimmed login name', () => {
  const onSubmit = vi.fn();
  render(<LoginForm isBusy={false} error={null} onSubmit={onSubmit} onEdit={() => undefined} />);
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  expect(screen.getByText('请输入登录名或手机号')).toBeTruthy();
  expect(screen.getByText('请输入密码')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText('登录名或手机号'), { target: { value: '  demo ' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Demo@123456' } });
  expect(screen.queryByText('请输入登录名或手机号')).toBeNull();
  fireEvent.submit(document.getElementById('login')!);
  expect(onSubmit).toHaveBeenCalledWith({ userName: 'demo', password: 'Demo@123456' });
});

test('shows the server explanation above the fields', () => {
  render(
    <LoginForm isBusy={false} error="用户名或密码错误" onSubmit={() => undefined} onEdit={() => undefined} />,
  );
  expect(screen.getByText('用户名或密码错误')).toBeTruthy();
});
