/**
 * Every `/api` path the portal calls, with the source's spelling kept (`GetInitPawwword`,
 * `GetAllCnProvices`, `refereToken`). Server routes and web fetchers both use these constants.
 */
export const ApiPath = {
  // Login and account
  CustomerLogin: '/api/Login/CustomerLogin',
  RefreshToken: '/api/Login/RefreshToken',
  Logout: '/api/Login/Logout',
  ChangeInitPassword: '/api/User/ChangeInitPassword',
  ChangePassword: '/api/User/ChangePassword',
  GetInitPassword: '/api/User/GetInitPawwword',
  SecuritySetting: '/api/User/SecuritySetting',
  QueryLoginLog: '/api/User/QueryLoginLog',
  // Menu and application
  QueryApplicationMenu: '/api/Common/QueryApplicationMenu',
  GetApplicationInfo: '/api/ApplicationInfo/GetApplicationInfo',
  GetLoginUserInfo: '/api/Common/GetLoginUserInfo',
  GetBaseConfig: '/api/Common/GetBaseConfig',
  // Reference data
  GetAllCnProvinces: '/api/Common/GetAllCnProvices',
  GetCnProvinceCities: '/api/Common/GetCnProvinceCitys',
  GetCnCityDistricts: '/api/Common/GetCnCityDistricts',
  GetCountry: '/api/Common/GetCountry',
  GetSystemDictionaryByKey: '/api/Common/GetSystemDictionaryByKey',
  QueryLaotieCurrency: '/api/Common/QueryLaotieCurrency',
  /** The whole province → city → district tree in one answer, for the address cascader. */
  GetCnDivisionTree: '/api/Common/GetCnDivisionTree',
  // Address book (orders section, route `address`)
  QueryCustomerAddress: '/api/CustomerAddress/Query',
  GetCustomerAddress: '/api/CustomerAddress/Get',
  GetDefaultCustomerAddress: '/api/CustomerAddress/GetDefault',
  InsertCustomerAddress: '/api/CustomerAddress/Insert',
  UpdateCustomerAddress: '/api/CustomerAddress/Update',
  DeleteCustomerAddress: '/api/CustomerAddress/Delete',
  SetDefaultCustomerAddress: '/api/CustomerAddress/SetDefault',
  ImportCustomerAddress: '/api/CustomerAddress/Import',
  CustomerAddressImportTemplate: '/api/CustomerAddress/ImportTemplate',
  ExportCustomerAddress: '/api/CustomerAddress/Export',
  // Products and prices (section 7 "Other endpoints")
  QueryAllProducts: '/api/ProductInfo/QueryAll',
  QueryQuote: '/api/ProductInfo/QueryQuote',
  QueryCustomerProductLimit: '/api/CustomerProductLimit/Query',
  GetSystemExtraServiceList: '/api/ProductSuperlongOverweight/GetSystemExtraServiceList',
  QueryCustomerLevel: '/api/CustomerLevel/Query',
  QueryEnabledIssueKinds: '/api/SystemIssueKind/QueryEnabled',
  // Wallet
  QueryWalletBalance: '/api/CustomerWallet/QueryBalance',
  // Orders (orders section, routes `create`, `order`)
  CreateOrder: '/api/CustomerOrder/Create',
  SubmitOrder: '/api/CustomerOrder/Submit',
  GetOrder: '/api/CustomerOrder/Get',
  CancelOrder: '/api/CustomerOrder/Cancel',
  UpdateOrder: '/api/CustomerOrder/Update',
  QueryOrders: '/api/CustomerOrder/Query',
  PrintLabel: '/api/CustomerOrder/PrintLabel',
  QueryTracking: '/api/CustomerOrder/QueryTracking',
  QueryEndData: '/api/CustomerOrder/QueryEndData',
  QueryHomeSummary: '/api/CustomerOrder/QueryHomeSummary',
  // Export tasks and files (personal settings, route `fileManagement`)
  CreateExportTask: '/api/ExportTask/Create',
  QueryExportTask: '/api/ExportTask/Query',
  DownloadExportTask: '/api/ExportTask/Download',
  QueryFiles: '/api/FileManagement/Query',
  DownloadFile: '/api/FileManagement/Download',
  DeleteFiles: '/api/FileManagement/Delete',
  // Settlement (issue 11): recharge (route `topUpOnline`), payment, the public /topUp page
  CreateRechargeOrder: '/api/OrderMall/CreateOrder',
  UploadTransferVoucher: '/api/OrderMall/UploadTransferVoucher',
  QueryRecharges: '/api/OrderMall/Query',
  GetRecharge: '/api/OrderMall/Get',
  CreateAlipayOrder: '/api/Pay/CreateAlipayOrder',
  CreateWeChatOrder: '/api/Pay/CreateWeChatOrder',
  QueryPayResult: '/api/Pay/QueryPayResult',
  TopUpQueryCustomer: '/api/TopUp/QueryCustomer',
  TopUpCreateOrder: '/api/TopUp/CreateOrder',
  TopUpUploadTransferVoucher: '/api/TopUp/UploadTransferVoucher',
  SandboxCashierGet: '/api/PaySandbox/GetCashier',
  SandboxCashierDecide: '/api/PaySandbox/Decide',
  // Consumption flow (route `consumptionFlow`)
  QueryLedger: '/api/ConsumptionFlow/Query',
  QueryLedgerSummary: '/api/ConsumptionFlow/QuerySummary',
  GetLedgerEntry: '/api/ConsumptionFlow/Get',
  // Bills (route `billingInquiries`) and invoice titles
  QueryBills: '/api/CustomerBill/Query',
  GetBill: '/api/CustomerBill/Get',
  QueryBillLines: '/api/CustomerBill/QueryLines',
  GetInvoiceTitle: '/api/CustomerInvoiceTitle/Get',
  SaveInvoiceTitle: '/api/CustomerInvoiceTitle/Save',
  // Batch create from Excel (route `batchCreate`); BatchImportPreview is below, with the excluded calls
  BatchImportTemplate: '/api/CustomerOrder/BatchImportTemplate',
  BatchImportGet: '/api/CustomerOrder/BatchImportGet',
  BatchImportRows: '/api/CustomerOrder/BatchImportRows',
  BatchImportUpdateRow: '/api/CustomerOrder/BatchImportUpdateRow',
  BatchImportExclude: '/api/CustomerOrder/BatchImportExclude',
  BatchImportSettings: '/api/CustomerOrder/BatchImportSettings',
  BatchImportApplyMapping: '/api/CustomerOrder/BatchImportApplyMapping',
  BatchImportMappings: '/api/CustomerOrder/BatchImportMappings',
  BatchImportDeleteMapping: '/api/CustomerOrder/BatchImportDeleteMapping',
  BatchImportCommit: '/api/CustomerOrder/BatchImportCommit',
  BatchImportDiscard: '/api/CustomerOrder/BatchImportDiscard',
  BatchImportErrorReport: '/api/CustomerOrder/BatchImportErrorReport',
  // Organisation, sub-users and roles (route `/admin/systemUser/userCenter`, org:manage)
  QueryOrganization: '/api/SystemOrganization/Query',
  GetOrganizationById: '/api/SystemOrganization/GetByID',
  InsertOrganization: '/api/SystemOrganization/Insert',
  UpdateOrganization: '/api/SystemOrganization/Update',
  UpdateOrganizationStatus: '/api/SystemOrganization/UpdateStatus',
  QuerySubUsers: '/api/SystemUser/Query',
  InsertSubUser: '/api/SystemUser/Insert',
  UpdateSubUser: '/api/SystemUser/Update',
  UpdateSubUserStatus: '/api/SystemUser/UpdateStatus',
  ResetSubUserPassword: '/api/SystemUser/ResetPassword',
  QueryRoles: '/api/SystemRole/Query',
  InsertRole: '/api/SystemRole/Insert',
  UpdateRole: '/api/SystemRole/Update',
  DeleteRole: '/api/SystemRole/Delete',
  // Calls excluded from refresh-and-retry (section 8)
  QueryNewNotification: '/api/Notification/QueryNewNotification',
  BatchImportPreview: '/api/CustomerOrder/BatchImportPreview',
} as const;

/** Calls open without sign-in: the server skips the session check and the web client sends no token. */
export const PUBLIC_API_PATHS: readonly string[] = [
  ApiPath.CustomerLogin,
  ApiPath.RefreshToken,
  ApiPath.GetApplicationInfo,
  ApiPath.GetBaseConfig,
  // Paying money in needs no password (a customer in arrears cannot sign in): the payToken or the
  // lookupToken of the public /topUp page is the authority, and the look-up is rate-limited.
  ApiPath.CreateAlipayOrder,
  ApiPath.CreateWeChatOrder,
  ApiPath.QueryPayResult,
  ApiPath.TopUpQueryCustomer,
  ApiPath.TopUpCreateOrder,
  ApiPath.TopUpUploadTransferVoucher,
  ApiPath.SandboxCashierGet,
  ApiPath.SandboxCashierDecide,
];

/** Calls whose body code 401 is not refreshed and retried (section 8). */
export const NO_REFRESH_RETRY_PATHS: readonly string[] = [
  ApiPath.QueryNewNotification,
  ApiPath.BatchImportPreview,
];

export const VERSION_FILE_PATH = '/versionUser.json';
