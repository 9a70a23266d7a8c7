/**
 * Paths features link to across feature boundaries (features never import each other or the app's
 * route table). The route table uses the same constants.
 */
export const CREATE_ORDER_PATH = '/user/orders/create';
/** Recharge records and online top-up (settlement centre, route `topUpOnline`; its page comes in a later issue). */
export const TOP_UP_PATH = '/user/settlement/topUpOnline';
/** My orders (route `order`); its list reads `?status=<status>` from the URL. */
export const ORDER_LIST_PATH = '/user/orders/order';
/** Last-mile data (route `endData`). */
export const END_DATA_PATH = '/user/orders/endData';
/** File management (route `fileManagement`): export tasks and uploaded files. */
export const FILE_MANAGEMENT_PATH = '/user/userCenterManagement/fileManagement';
