import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { UiEffectsBridge } from '../../src/app/ui-effects-bridge';
import { uiEffects } from '../../src/lib/ui-effects';

// The bridge imports antd's message code on the first message. Compiling it the first time is slow in
// the test environment, so it is compiled here; the bridge's own import still resolves asynchronously,
// after the messages below were posted.
beforeAll(async () => {
  await import('../../src/app/message-host');
});
afterEach(() => cleanup());

test('messages posted before the message code has loaded show once it has, one at a time, 200 px from the top', async () => {
  const goToLogin = vi.fn();
  render(<UiEffectsBridge goToLogin={goToLogin} />);
  await act(async () => {
    uiEffects.showError('服务器异常!');
    uiEffects.showError('404：请求接口找不到');
  });
  await vi.waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1), {
    timeout: 15_000,
  });
  expect(document.querySelector('.ant-message-notice')!.textContent).toContain('404：请求接口找不到');
  // antd 6 positions the message list through this custom property.
  const list = document.querySelector('.ant-message') as HTMLElement;
  expect(list.style.getPropertyValue('--notification-top')).toBe('200px');

  uiEffects.goToLogin();
  expect(goToLogin).toHaveBeenCalledTimes(1);
});

test('an error with a request id shows it small under the message, for support', async () => {
  render(<UiEffectsBridge goToLogin={vi.fn()} />);
  await act(async () => {
    uiEffects.showError('服务器处理请求时出错，请稍后重试。', undefined, '请求编号：req-42');
  });
  await vi.waitFor(
    () =>
      expect(document.querySelector('[data-testid="message-detail"]')?.textContent).toBe('请求编号：req-42'),
    { timeout: 15_000 },
  );
  expect(document.querySelector('.ant-message-notice')!.textContent).toContain('服务器处理请求时出错');
});

test('a success with a link shows the link after the text; a click opens the page inside the app', async () => {
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  render(<UiEffectsBridge goToLogin={vi.fn()} />);
  await act(async () => {
    uiEffects.showSuccess('导出任务已创建', {
      text: '前往文件管理下载',
      path: '/user/userCenterManagement/fileManagement',
    });
  });
  await vi.waitFor(() => expect(document.querySelector('[data-testid="message-link"]')).not.toBeNull(), {
    timeout: 15_000,
  });
  const link = document.querySelector('[data-testid="message-link"]') as HTMLAnchorElement;
  expect(link.textContent).toBe('前往文件管理下载');
  expect(link.getAttribute('href')).toBe('/user/userCenterManagement/fileManagement');
  expect(document.querySelector('.ant-message-notice')!.textContent).toContain('导出任务已创建');
  // Without a router mounted the navigation falls back to the browser.
  act(() => link.click());
  expect(assign).toHaveBeenCalledWith('/user/userCenterManagement/fileManagement');
  assign.mockRestore();
});
