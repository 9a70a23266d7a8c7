import { UAParser } from 'ua-parser-js';

/**
 * A readable device for the login log, "Chrome 131 · Windows 11", from the user-agent string (parsed by
 * ua-parser-js) and, when the browser sends it, the `Sec-CH-UA-Platform-Version` client hint: user-agent
 * strings of Windows 10 and 11 are identical, only the hint tells them apart (13 and above is Windows 11).
 * Empty when neither browser nor system is recognised.
 */
export function describeDevice(userAgent: string, platformVersionHint?: string): string {
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const browserText = [browser.name, browser.major].filter(Boolean).join(' ');
  let osVersion = os.version;
  const hintMajor = Number.parseInt((platformVersionHint ?? '').replaceAll('"', ''), 10);
  if (os.name === 'Windows' && Number.isFinite(hintMajor) && hintMajor > 0)
    osVersion = hintMajor >= 13 ? '11' : '10';
  const osText = [os.name, osVersion].filter(Boolean).join(' ');
  const model = device.vendor && device.model ? `${device.vendor} ${device.model}` : '';
  return [browserText, osText, model].filter(Boolean).join(' · ');
}
