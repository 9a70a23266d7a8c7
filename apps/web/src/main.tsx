import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { HOME_PATH } from './app/route-table';
import { changeLanguage, initialLanguage } from './lib/i18n/i18n';
import { firstScreenPreload, preload } from './lib/preload';
import { prefetchApplicationMenu } from './lib/session/application-menu';
import { prefetchLoginUserInfo } from './lib/session/login-user-info';
import { readStored } from './lib/storage';
import { rememberRunningVersion } from './lib/version-check';
import './app/global.css';

async function start(): Promise<void> {
  rememberRunningVersion(__APP_VERSION__);
  const first = firstScreenPreload(window.location.pathname, readStored('authorization') !== null, HOME_PATH);
  // The signed-in shell asks who the user is and for the menu as soon as it mounts: ask now instead. First,
  // so the HTTP client's chunk (it loads with the first call) is the first download of the six a browser
  // runs at once, ahead of the shell's: the shell waits for the answer anyway.
  if (first === 'home' || first === 'privateArea') {
    prefetchLoginUserInfo();
    prefetchApplicationMenu(initialLanguage());
  }
  // The first screen's code downloads while the language pack does, not after it.
  if (first) preload(first);
  await changeLanguage(initialLanguage(), { onlyFirstScreen: true });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
}

// If even the language pack cannot load, say so in all three languages and offer a reload.
function showStartFailure(): void {
  const root = document.getElementById('root')!;
  root.innerHTML = '';
  const box = document.createElement('div');
  box.style.cssText =
    'max-width:420px;margin:20vh auto;padding:24px;text-align:center;font-size:15px;line-height:1.8';
  box.textContent =
    '页面加载失败，请重新加载。 The page failed to load. Please reload. 頁面載入失敗，請重新載入。';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = '重新加载 / Reload / 重新載入';
  button.style.cssText = 'display:block;margin:16px auto 0;padding:6px 16px;cursor:pointer';
  button.addEventListener('click', () => window.location.reload());
  box.appendChild(button);
  root.appendChild(box);
}

start().catch(showStartFailure);
