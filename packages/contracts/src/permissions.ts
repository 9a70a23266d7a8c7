/**
 * Permission ids. The main user of a customer holds every one; sub-users hold what their roles grant.
 * Menu entries and routes name these as their authority.
 */
export const Permission = {
  OrderView: 'order:view',
  OrderCreate: 'order:create',
  OrderExport: 'order:export',
  AddressView: 'address:view',
  AddressEdit: 'address:edit',
  FinanceView: 'finance:view',
  FinanceTopUp: 'finance:topup',
  FinanceBill: 'finance:bill',
  ApiToken: 'api:token',
  OrgManage: 'org:manage',
  FileManage: 'file:manage',
  TemplateDesign: 'template:design',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];
export const ALL_PERMISSIONS: readonly Permission[] = Object.values(Permission);

/**
 * Permissions over the company's money (balance, ledger, top-up, bills): they read or move what belongs to
 * the whole company, so they take effect only for a user with the whole-company data scope. A role that
 * grants them with the unit scope grants nothing of them (the server drops them when it reads the roles).
 */
export const COMPANY_PERMISSIONS: readonly Permission[] = [
  Permission.FinanceView,
  Permission.FinanceTopUp,
  Permission.FinanceBill,
];

/** Role ids that routes may name. The main user holds `admin`. */
export const Role = {
  Admin: 'admin',
  Operator: 'operator',
  Finance: 'finance',
} as const;
