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

/** Role ids that routes may name. The main user holds `admin`. */
export const Role = {
  Admin: 'admin',
  Operator: 'operator',
  Finance: 'finance',
} as const;
