/**
 * Longest text the smart-paste parser reads (a chat message with one address is far shorter); the rest is
 * ignored. Its own module, so a form can size the paste box without loading the parser (smart-paste.ts),
 * which the web app loads on the first paste.
 */
export const SMART_PASTE_MAX_LENGTH = 2000;
