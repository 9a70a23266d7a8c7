/**
 * The phone as the server takes it: what was typed without spaces and dashes. A module of its own, so the
 * sign-in page's SMS form uses it without the antd Form the shared phone-and-code fields bring.
 */
export const phoneOf = (typed: string | undefined) => (typed ?? '').replace(/[\s-]/g, '');
