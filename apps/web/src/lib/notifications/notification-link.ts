/** A notification's link as the router takes it: only a path inside the portal (never another site). */
export function internalLinkOf(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//')) return null;
  return link;
}

/** The message list (spec section 2, "Other routes"). */
export const MESSAGE_LIST_PATH = '/userCenterManagement/messageList';
/** The system information page (personal settings). */
export const SYSTEM_INFO_PATH = '/user/userCenterManagement/systemInfo';
