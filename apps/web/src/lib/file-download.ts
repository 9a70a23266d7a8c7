import { http } from './http/client';
import type { PortalRequestConfig } from './http/request-client';
import { saveBlob } from './save-blob';

/**
 * Downloads a file through the shared request client (which applies the error catalogue when the server
 * answers with an envelope instead) and saves it under the server's file name, or `fallbackName` when
 * the server gave none. Answers the name used.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  config: PortalRequestConfig = {},
): Promise<string> {
  const file = await http.download(url, config);
  const fileName = file.fileName ?? fallbackName;
  saveBlob(file.blob, fileName);
  return fileName;
}
