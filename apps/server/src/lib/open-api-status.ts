import { OPEN_API_PREFIX } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';

/** Whether a request URL is on the open API (modules/open-api). */
export const isOpenApiUrl = (url: string) => url.startsWith(`${OPEN_API_PREFIX}/`);

/**
 * HTTP status of an open API answer by its body code: unlike `/api` (HTTP 200 with the body code, as the
 * source portal expects), the open API speaks plain HTTP so any client library sees a refusal as one.
 */
export function openApiHttpStatus(code: number): number {
  switch (code) {
    case ApiCode.Ok:
      return 200;
    case ApiCode.Arrears:
      return 402;
    case ApiCode.SessionInvalid:
    case ApiCode.AccessTokenExpired:
    case ApiCode.NotSignedIn:
      return 401;
    default:
      return code >= 400 && code < 600 ? code : 400;
  }
}
