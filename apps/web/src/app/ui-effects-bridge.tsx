import { useEffect, useState, type ComponentType } from 'react';
import { installUiEffects, type UiEffects } from '../lib/ui-effects';
import type { Notice } from './notice';

type Show = (notice: Notice) => void;
type MessageHostComponent = ComponentType<{ connect: (show: Show) => () => void }>;

const loadMessageHost = () => import('./message-host');

/**
 * Starts fetching the message code ahead of its first use (signing in shows a success message). A
 * failure is harmless here: the first message loads it again.
 */
export function preloadMessageHost(): void {
  loadMessageHost().catch(() => undefined);
}

/**
 * Notices posted before the message code has loaded wait here and are shown once it has; with one
 * message at a time on screen the newest wins, as it would have if shown at once.
 */
function createNoticeChannel() {
  const waiting: Notice[] = [];
  let show: Show | null = null;
  return {
    post: (notice: Notice): void => {
      if (show) show(notice);
      else waiting.push(notice);
    },
    connect: (next: Show): (() => void) => {
      show = next;
      for (const notice of waiting.splice(0)) next(notice);
      return () => {
        if (show === next) show = null;
      };
    },
  };
}

/**
 * Connects lib/'s screen effects to antd messages (inside the theme) and to the router. antd's message
 * code is not in the entry chunk: it is imported on the first message (or preloaded when signing in).
 */
export function UiEffectsBridge({ goToLogin }: { goToLogin: UiEffects['goToLogin'] }) {
  const [channel] = useState(createNoticeChannel);
  const [Host, setHost] = useState<MessageHostComponent | null>(null);

  useEffect(() => {
    let isLoading = false;
    const post = (notice: Notice) => {
      channel.post(notice);
      if (isLoading) return;
      isLoading = true;
      loadMessageHost().then(
        (module) => setHost(() => module.default),
        (error: unknown) => {
          // The code could not be fetched (offline, or a new deployment removed it): the next notice
          // tries again; meanwhile the text goes to the console rather than nowhere.
          isLoading = false;
          console.error(notice.text, error);
        },
      );
    };
    installUiEffects({
      showError: (text, durationSeconds, detail) => post({ kind: 'error', text, durationSeconds, detail }),
      showWarning: (text, durationSeconds) => post({ kind: 'warning', text, durationSeconds }),
      // A message with a link stays long enough to be clicked.
      showSuccess: (text, link) =>
        post(link ? { kind: 'success', text, link, durationSeconds: 8 } : { kind: 'success', text }),
      goToLogin,
      reload: () => window.location.reload(),
    });
  }, [channel, goToLogin]);

  return Host ? <Host connect={channel.connect} /> : null;
}
