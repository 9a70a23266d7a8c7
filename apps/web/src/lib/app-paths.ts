/**
 * Paths features link to across feature boundaries (features never import each other or the app's
 * route table). The route table uses the same constants.
 */
export const CREATE_ORDER_PATH = '/user/orders/create';
/** Batch create orders from Excel (orders section, route `batchCreate`). */
export const BATCH_CREATE_PATH = '/user/orders/batchCreate';
/** The address book (orders section, route `address`). */
export const ADDRESS_BOOK_PATH = '/user/orders/address';
/** Last-mile data (orders section, route `endData`). */
export const END_DATA_PATH = '/user/orders/endData';
/** Recharge records and online top-up (settlement centre, route `topUpOnline`). */
export const TOP_UP_PATH = '/user/settlement/topUpOnline';
/** Consumption flow (settlement centre, route `consumptionFlow`): the customer's ledger. */
export const CONSUMPTION_FLOW_PATH = '/user/settlement/consumptionFlow';
/** Bills (settlement centre, route `billingInquiries`). */
export const BILLS_PATH = '/user/settlement/billingInquiries';
/** The records page's query parameter that opens the top-up form at once (`?topUp=1`). */
export const OPEN_TOP_UP_PARAM = 'topUp';
/** The records page with the top-up form open: where "Top up" buttons elsewhere lead. */
export const TOP_UP_FORM_PATH = `${TOP_UP_PATH}?${OPEN_TOP_UP_PARAM}=1`;
/** My orders (route `order`); `?status=exception` and the other filters of its URL open it filtered. */
export const ORDER_LIST_PATH = '/user/orders/order';
/** File management (personal settings, route `fileManagement`): export tasks and their downloads. */
export const FILE_MANAGEMENT_PATH = '/user/userCenterManagement/fileManagement';

/** My orders narrowed to one number (reference, waybill or last-mile), as the order list's URL spells it. */
export function orderListPathFor(number: string): string {
  return `${ORDER_LIST_PATH}?numbers=${encodeURIComponent(number)}`;
}

/** My orders narrowed to the orders one Excel batch created (`?importId=`). */
export function orderListPathForImport(importId: string): string {
  return `${ORDER_LIST_PATH}?importId=${encodeURIComponent(importId)}`;
}

/** Organisation, sub-users and roles (spec section 2 "Other routes"; org:manage). */
export const ORGANIZATION_PATH = '/admin/systemUser/userCenter';
/** The open API's pages (spec section 2; public route names in section 6) and the user centre's tokens tab. */
export const API_DOCUMENT_PATH = '/user/userCenterManagement/apiDocument';
export const API_TEST_PATH = '/user/userCenterManagement/apiTest';
export const API_TOKENS_TAB_PATH = '/user/userCenterManagement/userCenter?tab=apiTokens';
