import { PAY_RESULT_PAGE, SANDBOX_CASHIER_PAGE, TOP_UP_PAGE } from '@portal/contracts/recharge';

export { PAY_RESULT_PAGE, SANDBOX_CASHIER_PAGE, TOP_UP_PAGE };

/** Where a recharge's outcome is shown: `/payResult?rechargeNo=&payToken=`. */
export function payResultPath(rechargeNo: string, payToken: string): string {
  return `${PAY_RESULT_PAGE}?${new URLSearchParams({ rechargeNo, payToken }).toString()}`;
}

/**
 * Whether a URL the server answered (a cashier URL, a returnUrl) is a page of this portal; the page then
 * navigates inside the app instead of reloading. Anything else (a real provider's cashier) is opened as is.
 */
export function samePortalPath(url: string, origin: string = window.location.origin): string | null {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}
