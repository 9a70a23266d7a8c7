import { useEffect } from 'react';
import { Typography, message } from 'antd';
import { navigateTo } from './navigation';
import type { Notice } from './notice';

/** Spec section 8: only one message at a time, 200 px from the top. */
export const MESSAGE_CONFIG = { top: 200, maxCount: 1 } as const;

interface MessageHostProps {
  /** Delivers the notices waiting so far, then each new one; answers the disconnect. */
  connect: (show: (notice: Notice) => void) => () => void;
}

/** The text, with its link after it and its detail (the request id) small on a second line. */
function contentOf(notice: Notice, closeAll: () => void) {
  const { link } = notice;
  if (link)
    return (
      <span>
        {notice.text}{' '}
        <Typography.Link
          href={link.path}
          onClick={(event) => {
            // A plain click stays in the app (tabs and state kept); modified clicks open a new tab as usual.
            if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
            event.preventDefault();
            // The message has done its job once followed: it does not stay over the page it opened.
            closeAll();
            navigateTo(link.path);
          }}
          data-testid="message-link"
        >
          {link.text}
        </Typography.Link>
      </span>
    );
  if (!notice.detail) return notice.text;
  return (
    <span>
      {notice.text}
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="message-detail">
        {notice.detail}
      </Typography.Text>
    </span>
  );
}

/**
 * antd's message list, rendered inside the theme so messages follow dark mode and the theme colour.
 * Loaded on the first message only: the sign-in page rarely needs it.
 */
export default function MessageHost({ connect }: MessageHostProps) {
  const [api, holder] = message.useMessage(MESSAGE_CONFIG);
  useEffect(
    () =>
      connect(
        (notice) =>
          void api[notice.kind](
            contentOf(notice, () => api.destroy()),
            notice.durationSeconds,
          ),
      ),
    [api, connect],
  );
  return holder;
}
