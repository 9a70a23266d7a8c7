/**
 * Portal paths notifications lead to. They are the web's routes (apps/web/src/lib/app-paths.ts); the
 * server cannot import the web, so the few it links to are spelled here, next to the writer.
 */
export const MESSAGE_LIST_PATH = '/userCenterManagement/messageList';
export const TOP_UP_LINK = '/user/settlement/topUpOnline';
export const BILLS_LINK = '/user/settlement/billingInquiries';
export const FILE_MANAGEMENT_LINK = '/user/userCenterManagement/fileManagement';
export const USER_CENTRE_LINK = '/user/userCenterManagement/userCenter';
export const orderLink = (number: string) => `/user/orders/order?numbers=${encodeURIComponent(number)}`;
