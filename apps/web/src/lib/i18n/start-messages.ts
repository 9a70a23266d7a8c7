/**
 * The messages the first screens show — the entry's error and loading screens, the sign-in page, the
 * signed-in shell and the home page — as top-level sections or deeper paths of the language files. Each
 * language's pack is built in two parts (vite.config.ts, `splitMessagesPlugin`): these load with the entry,
 * the rest right after the first paint, and every lazily loaded page or component waits for the rest
 * (lib/lazy-page.ts) before it renders. A test (test/unit/start-messages.test.ts) fails when a first-screen
 * module uses a key not covered here.
 */
export const START_MESSAGES = [
  'app',
  'common',
  'http',
  'guard',
  'access',
  'route',
  'header',
  'footer',
  'exception',
  'login',
  'home',
  'homeSummary',
  'customerStatus',
  'userType',
  'orderStatus',
  // The sign-in page's tab names, links and notices; the forms behind the other tabs load later.
  'smsCode.forgotTitle',
  'smsCode.forgotSubtitle',
  'smsCode.resetDone',
  'smsCode.forgotLink',
  'smsCode.tabPassword',
  'smsCode.tabSms',
  'recharge.loginArrears',
  'recharge.loginLink',
  'registration.link',
  'wechat.loginTabs',
  // The home page's recent notifications, and the page titles the route table names from other sections.
  'messages.recentTitle',
  'messages.viewAll',
  'messages.loadFailed',
  'messages.noUnread',
  'messages.routeTitle',
  'systemInfo.routeTitle',
  'apiDocs.documentTitle',
  'apiDocs.testTitle',
  'organization.routeTitle',
] as const;

type Tree = { readonly [key: string]: string | Tree };

/** Whether the dotted key is one of `paths` or inside one. */
export function isStartMessage(key: string, paths: readonly string[] = START_MESSAGES): boolean {
  return paths.some((path) => key === path || key.startsWith(`${path}.`));
}

/** The messages split in two: those under `paths`, and the rest; together they are `messages` again. */
export function splitMessages(
  messages: Tree,
  paths: readonly string[] = START_MESSAGES,
  prefix = '',
): [start: Tree, rest: Tree] {
  const start: Record<string, string | Tree> = {};
  const rest: Record<string, string | Tree> = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = `${prefix}${key}`;
    if (isStartMessage(path, paths)) start[key] = value;
    else if (typeof value === 'string' || !paths.some((candidate) => candidate.startsWith(`${path}.`)))
      rest[key] = value;
    else {
      const [inner, outer] = splitMessages(value, paths, `${path}.`);
      if (Object.keys(inner).length > 0) start[key] = inner;
      if (Object.keys(outer).length > 0) rest[key] = outer;
    }
  }
  return [start, rest];
}
