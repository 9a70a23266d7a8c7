import { useEffect } from 'react';
import { message } from 'antd';
import { installUiEffects } from '../lib/ui-effects';

/** Spec section 8: only one message at a time, 200 px from the top. */
export const MESSAGE_CONFIG = { top: 200, maxCount: 1 } as const;

/** Connects lib/'s screen effects to antd messages (inside the theme) and to the router. */
export function UiEffectsBridge({ goToLogin }: { goToLogin: () => void }) {
  const [api, holder] = message.useMessage(MESSAGE_CONFIG);
  useEffect(() => {
    installUiEffects({
      showError: (text, seconds) => void api.error(text, seconds),
      showWarning: (text, seconds) => void api.warning(text, seconds),
      showSuccess: (text) => void api.success(text),
      goToLogin,
      reload: () => window.location.reload(),
    });
  }, [api, goToLogin]);
  return holder;
}
