import type { MessageLink } from '../lib/ui-effects';

/** One message for the user, as the request layer and the pages ask for it. */
export interface Notice {
  kind: 'error' | 'warning' | 'success';
  text: string;
  durationSeconds?: number;
  /** A small second line, such as the request id for support. */
  detail?: string;
  /** A link after the text, opening a page of the portal (the export message's "file management"). */
  link?: MessageLink;
}
