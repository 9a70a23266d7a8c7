/**
 * Row types of every table. Times are ISO-8601 UTC strings and flags are 0/1 integers on both
 * dialects, so the same queries behave identically on SQLite and PostgreSQL.
 */
export interface Database {
  app_secrets: AppSecretsTable;
  customer_levels: CustomerLevelsTable;
  customers: CustomersTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_logs: LoginLogsTable;
  application_info: ApplicationInfoTable;
  application_menus: ApplicationMenusTable;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface CustomerLevelsTable {
  id: string;
  code: string;
  /** JSON LocalizedText. */
  name: string;
  discount_percent: number;
}

export interface CustomersTable {
  id: string;
  code: string;
  company_name: string;
  contact_name: string;
  phone: string | null;
  email: string | null;
  level_id: string;
  status: 'active' | 'arrears' | 'frozen';
  created_at: string;
}

export interface UsersTable {
  id: string;
  customer_id: string;
  login_name: string;
  phone: string | null;
  email: string | null;
  display_name: string;
  password_hash: string;
  user_type: 'main' | 'sub';
  status: 'enabled' | 'disabled';
  is_init_password: number;
  password_changed_at: string | null;
  wechat_open_id: string | null;
  last_login_at: string | null;
  last_login_ip: string | null;
  created_at: string;
}

export interface RolesTable {
  id: string;
  customer_id: string;
  /** The role id the portal sees (`admin`, `operator`, …), unique per customer. */
  code: string;
  name: string;
  /** JSON array of permission ids. */
  operation_list: string;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  created_at: string;
  /** Absolute end of the session, however often it is refreshed. */
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  ip: string;
  user_agent: string;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginLogsTable {
  id: string;
  customer_id: string | null;
  user_id: string | null;
  /** What was typed, lower-cased: throttling counts failures per account name even for unknown names. */
  login_name: string;
  ip: string;
  user_agent: string;
  method: string;
  result: string;
  created_at: string;
}

export interface ApplicationInfoTable {
  id: string;
  /** Host name this row answers for; `*` is the default row. */
  domain_name: string;
  /** JSON LocalizedText. */
  web_name: string;
  web_slogan: string;
  web_keyword: string;
  web_description: string;
  favicon: string;
  footer_system_name: string;
  filing_number: string;
}

export interface ApplicationMenusTable {
  id: string;
  parent_id: string | null;
  sort_order: number;
  path: string;
  name: string;
  menu_code: string;
  icon: string | null;
  /** JSON: a permission or role id, a list of role ids, or null for open to all. */
  authority: string | null;
  /** JSON LocalizedText. */
  title: string;
}
