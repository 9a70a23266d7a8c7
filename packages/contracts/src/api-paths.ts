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
  // Codes by SMS (issue 13): SMS sign-in, forgot password, change phone
  SendLoginSms: '/api/Login/SendLoginSms',
  SmsLogin: '/api/Login/SmsLogin',
  ForgetPasswordSendSms: '/api/Login/ForGetPasswordSendSMS',
  ForgetPasswordCheckSmsCode: '/api/Login/ForGetPasswordCheckSMSCode',
  ForgetPassword: '/api/Login/ForgetPassword',
  SendChangePhoneSms: '/api/User/SendChangePhoneSms',
  ChangePhone: '/api/User/ChangePhone',
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
  // Customer profile, certification and pictures (issue 13, user centre; modules/customer-info)
  GetCurrUserInfo: '/api/CustomerInfo/GetCurrUserInfo',
  GetCustomerPersonInfo: '/api/CustomerInfo/getCustomerPersonInfo',
  UpdateCustomerPersonInfo: '/api/CustomerInfo/UpdateCustomerPersonInfo',
  UploadCertPhoto: '/api/CustomerInfo/UploadCertPhoto',
  GetCertPhoto: '/api/CustomerInfo/GetCertPhoto',
  GetCertification: '/api/CustomerInfo/GetCertification',
  SubmitCertification: '/api/CustomerInfo/SubmitCertification',
  UploadLogo: '/api/CustomerInfo/UploadLogo',
  UploadAvatar: '/api/CustomerInfo/UploadAvatar',
  UploadQrCode: '/api/CustomerInfo/UploadQrCode',
  GetProfileImage: '/api/CustomerInfo/GetImage',
  // Messages (issue 13): the message list, read marks, the balance warning setting; system information
  QueryNotification: '/api/Notification/Query',
  MarkNotificationRead: '/api/Notification/MarkRead',
  MarkAllNotificationsRead: '/api/Notification/MarkAllRead',
  QueryBalanceThreshold: '/api/Notification/QueryBalanceThreshold',
  SaveBalanceThreshold: '/api/Notification/SaveBalanceThreshold',
  GetSystemInfo: '/api/ApplicationInfo/GetSystemInfo',
  // WeChat QR login and binding, single sign-on tickets (issue 13)
  WeChatGetLoginQRCoder: '/api/WeChat/GetLoginQRCoder',
  WeChatLoginPolling: '/api/WeChat/LoginPolling',
  WeChatLoginTransfer: '/api/WeChat/LoginTransfer',
  WeChatGetUserQRCoder: '/api/WeChat/GetUserQRCoder',
  WeChatBindingPolling: '/api/WeChat/BindingPolling',
  WeChatBindingTransfer: '/api/WeChat/BindingTransfer',
  WeChatCancelBinding: '/api/WeChat/CancelBinding',
  /** Where WeChat's website login (qrconnect) redirects with `code` and `state` (real provider). */
  WeChatCallback: '/api/WeChat/Callback',
  WeChatSandboxGetScene: '/api/WeChatSandbox/GetScene',
  WeChatSandboxConfirm: '/api/WeChatSandbox/Confirm',
  OfficialLogin: '/api/Login/OfficialLogin',
  FreePwdLoginOms: '/api/Login/FreePwdLoginOms',
  GetCustomerLoginToken: '/api/CustomerInfo/GetCustomerLoginToken',
  // API tokens for the open API (issue 13, user centre; modules/api-token)
  QueryApiToken: '/api/CustomerApiToken/Query',
  InsertApiToken: '/api/CustomerApiToken/Insert',
  DeleteApiToken: '/api/CustomerApiToken/Delete',
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
  // Codes by SMS: sign-in and forgot password happen before there is a session.
  ApiPath.SendLoginSms,
  ApiPath.SmsLogin,
  ApiPath.ForgetPasswordSendSms,
  ApiPath.ForgetPasswordCheckSmsCode,
  ApiPath.ForgetPassword,
  // WeChat QR sign-in (the scene secret is the authority) and single sign-on tickets (the signature is).
  ApiPath.WeChatGetLoginQRCoder,
  ApiPath.WeChatLoginPolling,
  ApiPath.WeChatLoginTransfer,
  ApiPath.WeChatCallback,
  ApiPath.WeChatSandboxGetScene,
  ApiPath.WeChatSandboxConfirm,
  ApiPath.OfficialLogin,
  ApiPath.FreePwdLoginOms,
];

/** Calls whose body code 401 is not refreshed and retried (section 8). */
export const NO_REFRESH_RETRY_PATHS: readonly string[] = [
  ApiPath.QueryNewNotification,
  ApiPath.BatchImportPreview,
];

/**
 * The open API (PRODUCT.md section 4): shippers' systems call these with `Authorization: Bearer <API token>`
 * (modules/open-api). Only API tokens are accepted here, and an API token is refused on `/api`. The
 * document is public. `{orderNo}` is the order's reference (customerOrderNo) or its waybill number.
 */
export const OPEN_API_PREFIX = '/openapi/v1';
export const OpenApiPath = {
  /** The OpenAPI 3.1 document (public); descriptions in `?lang=` or Accept-Language. */
  Document: '/openapi/v1/openapi.json',
  Orders: '/openapi/v1/orders',
  Order: '/openapi/v1/orders/{orderNo}',
  CancelOrder: '/openapi/v1/orders/{orderNo}/cancel',
  OrderLabel: '/openapi/v1/orders/{orderNo}/label',
  OrderTracking: '/openapi/v1/orders/{orderNo}/tracking',
  Quotes: '/openapi/v1/quotes',
  Products: '/openapi/v1/products',
  Balance: '/openapi/v1/balance',
} as const;

export const VERSION_FILE_PATH = '/versionUser.json';
