import type { AccessSubject } from '@portal/contracts/access';
import { filterMenu } from '@portal/contracts/access';
import type { ApplicationInfo, ApplicationMenuItem, BaseConfig } from '@portal/contracts/application';
import type { LoginUserInfo } from '@portal/contracts/auth';
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES, WEIGHT_MAX_LENGTH } from '@portal/contracts/constants';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type LocalizedText } from '@portal/contracts/languages';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portal/contracts/pagination';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { loadUser } from '../account/account.service.ts';
import * as repo from './application.repository.ts';

/** Picks the caller's language from a stored JSON LocalizedText (plain strings pass through). */
export function localize(stored: string, language: Language): string {
  if (!stored.startsWith('{')) return stored;
  const text = JSON.parse(stored) as Partial<LocalizedText>;
  return text[language] ?? text[DEFAULT_LANGUAGE] ?? '';
}

export async function getApplicationInfo(
  db: Db,
  hostName: string,
  language: Language,
): Promise<ApplicationInfo> {
  const row = await repo.findApplicationInfo(db, hostName);
  if (!row) throw notFound();
  return {
    webName: localize(row.web_name, language),
    webSlogan: localize(row.web_slogan, language),
    webKeyword: localize(row.web_keyword, language),
    webDescription: localize(row.web_description, language),
    favicon: row.favicon,
    domainName: row.domain_name === '*' ? hostName : row.domain_name,
    footerSystemName: localize(row.footer_system_name, language),
    filingNumber: row.filing_number,
  };
}

/** The menu tree the caller may see, titles in the caller's language. */
export async function getMenu(
  db: Db,
  subject: AccessSubject,
  language: Language,
): Promise<ApplicationMenuItem[]> {
  const rows = await repo.listMenuRows(db);
  const byParent = new Map<string | null, typeof rows>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const build = (parentId: string | null): ApplicationMenuItem[] =>
    (byParent.get(parentId) ?? []).map((row) => ({
      path: row.path,
      name: row.name,
      title: localize(row.title, language),
      menuCode: row.menu_code,
      icon: row.icon,
      authority: row.authority ? (JSON.parse(row.authority) as string | string[]) : null,
      children: build(row.id),
    }));
  // A group row (no authority of its own, no page) disappears when none of its children is visible.
  const groups = new Set(rows.filter((r) => rows.some((c) => c.parent_id === r.id)).map((r) => r.path));
  return filterMenu(subject, build(null)).filter(
    (item) => !groups.has(item.path) || item.children.length > 0,
  );
}

export async function getLoginUserInfo(
  db: Db,
  auth: AuthContext,
  language: Language,
): Promise<LoginUserInfo> {
  const user = await loadUser(db, auth);
  return {
    userId: user.id,
    loginName: user.login_name,
    userName: user.display_name,
    phone: user.phone,
    email: user.email,
    userType: user.user_type,
    isInitPassword: user.is_init_password === 1,
    customer: {
      customerId: user.customer_id,
      customerCode: user.customer_code,
      companyName: user.company_name,
      levelName: localize(user.level_name, language),
      status: user.customer_status,
    },
    permissions: [...auth.permissions],
    roles: auth.roles.map((r) => ({ id: r.id, operationList: [...r.operationList] })),
    // The sign-in before the current one (the latest is the one that opened this session).
    lastLoginAt: user.previous_login_at,
  };
}

export function getBaseConfig(currencies: string[]): BaseConfig {
  return {
    defaultLanguage: DEFAULT_LANGUAGE,
    languages: [...LANGUAGES],
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    defaultPageSize: DEFAULT_PAGE_SIZE,
    weightMaxLength: WEIGHT_MAX_LENGTH,
    uploadMaxBytes: UPLOAD_MAX_BYTES,
    uploadMimeTypes: [...UPLOAD_MIME_TYPES],
    currencies,
    serverTime: new Date().toISOString(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
