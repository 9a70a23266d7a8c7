import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH_PX } from '@portal/contracts/constants';

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True up to 768.99 px wide (spec section 9): the shell then puts the menu in a drawer. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}
