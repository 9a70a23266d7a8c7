/** Business constants from the source specification (section 9) shared by server and web. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const GET_RETRY_COUNT = 3;
export const GET_RETRY_DELAY_MS = 2_000;
export const DUPLICATE_LOGIN_WINDOW_MS = 3_000;
export const MOBILE_MAX_WIDTH_PX = 768.99;
export const LAZY_LIST_CHUNK_INTERVAL_MS = 1_000;
/** The source's "weight length constant": weight inputs take at most this many characters. */
export const WEIGHT_MAX_LENGTH = 7;
export const DEFAULT_THEME_COLOR = '#005adc';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Upload MIME types of section 5: jpeg, png, gif, excel, word, pdf, octet-stream, zip, xlsx, docx, rar, text. */
export const UPLOAD_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/vnd.ms-excel',
  'application/msword',
  'application/pdf',
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'text/plain',
] as const;
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Header the web app and the server use to carry a request id for log correlation. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Browsers may keep reference answers this long (`Cache-Control: private, max-age=…`), then revalidate by ETag. */
export const REFERENCE_MAX_AGE_SECONDS = 3600;
