import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import type { WeChatPoll, WeChatScene } from '@portal/contracts/wechat';
import { WeChatQr } from '../../src/components/wechat-qr';
import { changeLanguage } from '../../src/lib/i18n/i18n';

beforeAll(async () => {
  await changeLanguage('en-US');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const scene = (id: string): WeChatScene => ({
  sceneId: id,
  qrCodeImage: 'data:image/png;base64,iVBORw0KGgo=',
  authorizeUrl: `http://localhost/wechatSandbox/scan?scanCode=${id}`,
  provider: 'sandbox',
  expiresAt: '2026-11-26T10:05:00.000Z',
  expiresInSecond: 300,
});

/** Lets the next poll run: its timer fires and the answers settle. */
async function nextPoll() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(2000);
  });
}

test('polls until confirmed, then hands the scene over once; an expired code offers a fresh one', async () => {
  vi.useFakeTimers();
  const open = vi
    .fn<() => Promise<WeChatScene>>()
    .mockResolvedValueOnce(scene('first'))
    .mockResolvedValueOnce(scene('second'));
  const answers: Record<string, WeChatPoll['status'][]> = {
    first: ['waiting', 'expired'],
    second: ['waiting', 'confirmed'],
  };
  const poll = vi.fn((id: string) => Promise.resolve({ status: answers[id]!.shift()!, nickname: null }));
  const onConfirmed = vi.fn(() => Promise.resolve());
  render(<WeChatQr purpose="login" open={open} poll={poll} onConfirmed={onConfirmed} />);
  await act(async () => undefined);
  expect(screen.getByAltText('Scan with WeChat to sign in')).toBeTruthy();
  expect(screen.getByTestId('wechat-sandbox-link').getAttribute('href')).toContain('scanCode=first');

  await nextPoll();
  expect(screen.queryByTestId('wechat-qr-overlay')).toBeNull();
  await nextPoll();
  expect(screen.getByTestId('wechat-qr-overlay').textContent).toContain('The QR code has expired');
  expect(onConfirmed).not.toHaveBeenCalled();
  // Nothing more is asked about an expired code.
  await nextPoll();
  expect(poll).toHaveBeenCalledTimes(2);

  fireEvent.click(screen.getByTestId('wechat-qr-refresh'));
  await act(async () => undefined);
  expect(open).toHaveBeenCalledTimes(2);
  await nextPoll();
  await nextPoll();
  expect(onConfirmed).toHaveBeenCalledExactlyOnceWith('second');
  expect(screen.getByTestId('wechat-qr').getAttribute('data-status')).toBe('confirmed');
});

test('an unbound scan says so; a failed transfer shows the server’s words with a refresh', async () => {
  vi.useFakeTimers();
  const { ApiError } = await import('../../src/lib/http/api-error');
  const unbound = render(
    <WeChatQr
      purpose="login"
      open={() => Promise.resolve(scene('a'))}
      poll={() => Promise.resolve({ status: 'notBound', nickname: 'Nobody' })}
      onConfirmed={() => Promise.resolve()}
    />,
  );
  await act(async () => undefined);
  await nextPoll();
  expect(screen.getByTestId('wechat-qr-overlay').textContent).toContain('not bound yet');
  unbound.unmount();

  render(
    <WeChatQr
      purpose="bind"
      open={() => Promise.resolve(scene('b'))}
      poll={() => Promise.resolve({ status: 'confirmed', nickname: 'Alice' })}
      onConfirmed={() =>
        Promise.reject(new ApiError('This WeChat account is already bound to another portal account', 409))
      }
    />,
  );
  await act(async () => undefined);
  await nextPoll();
  expect(screen.getByTestId('wechat-qr-error').textContent).toContain(
    'already bound to another portal account',
  );
  expect(screen.getByTestId('wechat-qr-refresh')).toBeTruthy();
});
