/**
 * Paths features link to across feature boundaries (features never import each other or the app's
 * route table). The route table uses the same constants.
 */
export const CREATE_ORDER_PATH = '/user/orders/create';
/** Recharge records and online top-up (settlement centre, route `topUpOnline`; its page comes in a later issue). */
export const TOP_UP_PATH = '/user/settlement/topUpOnline';
