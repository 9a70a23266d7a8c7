import { z } from 'zod';
import { idField } from './ids.ts';
import type { LocalizedText } from './languages.ts';
import { PageQuerySchema } from './pagination.ts';
import { NewPasswordSchema } from './auth.ts';
import { ALL_PERMISSIONS, Permission } from './permissions.ts';
import { optionalTextField, textField } from './text.ts';

/**
 * Organisation and sub-users (issue 13, PRODUCT.md "Organisation", "Role and permission"): the
 * department tree of a customer (`SystemOrganization/*`), its sub-users (`SystemUser/*`) and roles
 * (`SystemRole/*`). Every call needs `org:manage`. A role says which permissions its holders get and
 * whether they see the whole customer's data or only their unit's (and its sub-units').
 */

const label = (zhCN: string, enUS: string, zhTW: string): LocalizedText => ({
  'zh-CN': zhCN,
  'en-US': enUS,
  'zh-TW': zhTW,
});

export const OrgStatus = { Enabled: 'enabled', Disabled: 'disabled' } as const;
export type OrgStatus = (typeof OrgStatus)[keyof typeof OrgStatus];
export const ORG_STATUSES = [OrgStatus.Enabled, OrgStatus.Disabled] as const;

export const DataScope = { All: 'all', Unit: 'unit' } as const;
export type DataScope = (typeof DataScope)[keyof typeof DataScope];
export const DATA_SCOPES = [DataScope.All, DataScope.Unit] as const;

/** Limits: a tree this deep and this wide is far beyond a shipper's departments. */
export const ORG_UNIT_NAME_MAX = 50;
export const ORG_MAX_DEPTH = 8;
export const ORG_MAX_UNITS = 500;
export const ROLE_NAME_MAX = 50;
export const ORG_MAX_ROLES = 100;
export const LOGIN_NAME_MIN = 3;
export const LOGIN_NAME_MAX = 32;

/** The permissions the role editor shows, grouped (the keys are locale keys under `organization.group`). */
export const PERMISSION_GROUPS: readonly { key: string; permissions: readonly Permission[] }[] = [
  { key: 'orders', permissions: [Permission.OrderView, Permission.OrderCreate, Permission.OrderExport] },
  { key: 'addresses', permissions: [Permission.AddressView, Permission.AddressEdit] },
  {
    key: 'finance',
    permissions: [Permission.FinanceView, Permission.FinanceTopUp, Permission.FinanceBill],
  },
  {
    key: 'settings',
    permissions: [
      Permission.ApiToken,
      Permission.OrgManage,
      Permission.FileManage,
      Permission.TemplateDesign,
    ],
  },
];

export const OrganizationMessage = {
  LoginNameInvalid: 'organization.loginNameInvalid',
  PhoneInvalid: 'organization.phoneInvalid',
  EmailInvalid: 'organization.emailInvalid',
  UnknownPermission: 'organization.unknownPermission',
} as const;

/** Field messages the server registers and the web forms show, word for word alike. */
export const ORGANIZATION_FIELD_MESSAGES = {
  'organization.loginNameInvalid': label(
    `登录名为 ${LOGIN_NAME_MIN}–${LOGIN_NAME_MAX} 位字母、数字或 . _ - @`,
    `The login name is ${LOGIN_NAME_MIN}–${LOGIN_NAME_MAX} letters, digits or . _ - @`,
    `登入名為 ${LOGIN_NAME_MIN}–${LOGIN_NAME_MAX} 位字母、數字或 . _ - @`,
  ),
  'organization.phoneInvalid': label(
    '手机号应为 11 位中国大陆手机号码',
    'The phone must be an 11-digit mainland China mobile number',
    '手機號應為 11 位中國大陸手機號碼',
  ),
  'organization.emailInvalid': label(
    '邮箱格式不正确',
    'The email address is not valid',
    '電子郵件格式不正確',
  ),
  'organization.unknownPermission': label('未知的权限', 'Unknown permission', '未知的權限'),
} as const;

const IdSchema = idField();

// ---- units (SystemOrganization) -------------------------------------------------------------------

export const OrgUnitSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  status: z.enum(ORG_STATUSES),
  sortOrder: z.number().int(),
  /** Users sitting directly in this unit. */
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrgUnit = z.infer<typeof OrgUnitSchema>;

export type OrgUnitNode = OrgUnit & { children: OrgUnitNode[] };
export const OrgUnitNodeSchema: z.ZodType<OrgUnitNode> = OrgUnitSchema.extend({
  get children() {
    return z.array(OrgUnitNodeSchema);
  },
});

/**
 * `GET /api/SystemOrganization/Query`: the tree as far as the caller manages it (the whole tree, or its
 * unit's subtree for a unit-scoped caller), top-level units first, by sort order.
 */
export const OrgTreeSchema = z.array(OrgUnitNodeSchema);

/** `GET /api/SystemOrganization/GetByID?id=` */
export const OrgIdQuerySchema = z.object({ id: IdSchema });

const unitName = textField({ max: ORG_UNIT_NAME_MAX, label: label('部门名称', 'Unit name', '部門名稱') });

/** `POST /api/SystemOrganization/Insert` */
export const OrgUnitInsertSchema = z.object({
  parentId: IdSchema.nullish().transform((value) => value ?? null),
  name: unitName,
  sortOrder: z.number().int().min(0).max(9999).default(0),
});
export type OrgUnitInsert = z.input<typeof OrgUnitInsertSchema>;

/** `POST /api/SystemOrganization/Update`: rename and/or move (a move under its own subtree is refused). */
export const OrgUnitUpdateSchema = OrgUnitInsertSchema.extend({ id: IdSchema });
export type OrgUnitUpdate = z.input<typeof OrgUnitUpdateSchema>;

/**
 * `POST /api/SystemOrganization/UpdateStatus`: disabling disables the subtree and ends every session of
 * its users; enabling is refused under a disabled parent and enables the subtree.
 */
export const OrgUnitStatusSchema = z.object({ id: IdSchema, status: z.enum(ORG_STATUSES) });

// ---- roles (SystemRole) ---------------------------------------------------------------------------

const PermissionIdSchema = z
  .string()
  .refine(
    (value): value is Permission => (ALL_PERMISSIONS as readonly string[]).includes(value),
    OrganizationMessage.UnknownPermission,
  );

export const RoleSchema = z.object({
  id: z.string(),
  /** The id routes and menus may name (`admin`, `operator`, or a generated one). */
  code: z.string(),
  name: z.string(),
  operationList: z.array(z.string()),
  dataScope: z.enum(DATA_SCOPES),
  /** Users holding the role; a role in use cannot be deleted. */
  userCount: z.number().int(),
  /**
   * Whether the caller may change or delete it (no user holding it is beyond the caller's reach). The list
   * shows only roles within the caller's own rights: those it may grant.
   */
  editable: z.boolean(),
});
export type OrgRole = z.infer<typeof RoleSchema>;

export const RoleInsertSchema = z.object({
  name: textField({ max: ROLE_NAME_MAX, label: label('角色名称', 'Role name', '角色名稱') }),
  operationList: z
    .array(PermissionIdSchema)
    .max(ALL_PERMISSIONS.length * 2)
    .transform((list) => [...new Set(list)]),
  dataScope: z.enum(DATA_SCOPES),
});
export type RoleInsert = z.input<typeof RoleInsertSchema>;
export const RoleUpdateSchema = RoleInsertSchema.extend({ id: IdSchema });
export type RoleUpdate = z.input<typeof RoleUpdateSchema>;
export const RoleIdSchema = z.object({ id: IdSchema });

// ---- sub-users (SystemUser) -----------------------------------------------------------------------

const LoginNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    new RegExp(`^[a-z0-9._@-]{${LOGIN_NAME_MIN},${LOGIN_NAME_MAX}}$`),
    OrganizationMessage.LoginNameInvalid,
  );

const PhoneSchema = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || /^1[3-9]\d{9}$/.test(value), OrganizationMessage.PhoneInvalid)
  .nullish()
  .transform((value) => value || null);

const EmailSchema = z
  .string()
  .trim()
  .max(100)
  .refine((value) => value === '' || z.email().safeParse(value).success, OrganizationMessage.EmailInvalid)
  .nullish()
  .transform((value) => value || null);

const userFields = {
  displayName: textField({ max: 50, label: label('姓名', 'Name', '姓名') }),
  phone: PhoneSchema,
  email: EmailSchema,
  /** null: directly under the customer. */
  orgUnitId: IdSchema.nullish().transform((value) => value ?? null),
  roleIds: z
    .array(IdSchema)
    .max(ORG_MAX_ROLES)
    .transform((list) => [...new Set(list)]),
};

/** `POST /api/SystemUser/Insert`: a sub-user with an initial password it must change at first sign-in. */
export const SubUserInsertSchema = z.object({
  loginName: LoginNameSchema,
  ...userFields,
  initialPassword: NewPasswordSchema,
});
export type SubUserInsert = z.input<typeof SubUserInsertSchema>;

/** `POST /api/SystemUser/Update`: edit, move to another unit, change roles. There is no user type to set. */
export const SubUserUpdateSchema = z.object({ id: IdSchema, ...userFields });
export type SubUserUpdate = z.input<typeof SubUserUpdateSchema>;

/** `POST /api/SystemUser/UpdateStatus`: disabling ends every session of the user. */
export const SubUserStatusSchema = z.object({ id: IdSchema, status: z.enum(ORG_STATUSES) });

/** `POST /api/SystemUser/ResetPassword`: a new initial password; the user's sessions end. */
export const SubUserResetPasswordSchema = z.object({ id: IdSchema, initialPassword: NewPasswordSchema });

/**
 * `GET /api/SystemUser/Query`: users of a unit (and its sub-units when `withSubUnits`), or all — always
 * within the caller's units.
 */
export const SubUserQuerySchema = PageQuerySchema.extend({
  orgUnitId: IdSchema.optional(),
  withSubUnits: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  keyword: optionalTextField({ max: 50, label: label('关键字', 'Keyword', '關鍵字') }),
});
export type SubUserQuery = z.input<typeof SubUserQuerySchema>;

export const SubUserSchema = z.object({
  id: z.string(),
  loginName: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  userType: z.enum(['main', 'sub']),
  status: z.enum(ORG_STATUSES),
  isInitPassword: z.boolean(),
  orgUnitId: z.string().nullable(),
  orgUnitName: z.string().nullable(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Whether the caller may manage the user (edit, move, reset the password, disable): it sits in the
   * caller's units and holds nothing beyond the caller. Never the main user, never the caller itself.
   */
  manageable: z.boolean(),
});
export type SubUser = z.infer<typeof SubUserSchema>;

export const IdResultSchema = z.object({ id: z.string() });
