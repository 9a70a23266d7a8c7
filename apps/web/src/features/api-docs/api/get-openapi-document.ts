import { OpenApiPath } from '@portal/contracts/api-paths';
import { useQuery } from '@tanstack/react-query';
import type { OpenApiDocument } from '../lib/openapi-model';

/** The open API's document; public, so it is fetched without the portal's client (no sign-in, no envelope). */
export const OPENAPI_DOCUMENT_PATH = OpenApiPath.Document;

export class DocumentLoadError extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'network' : `HTTP ${status}`);
  }
}

/** `GET /openapi/v1/openapi.json?lang=` in the interface language. */
export async function getOpenApiDocument(language: string, signal?: AbortSignal): Promise<OpenApiDocument> {
  let response: Response;
  try {
    response = await fetch(`${OPENAPI_DOCUMENT_PATH}?lang=${encodeURIComponent(language)}`, {
      headers: { Accept: 'application/json', 'Accept-Language': language },
      signal,
    });
  } catch {
    throw new DocumentLoadError(null);
  }
  if (!response.ok) throw new DocumentLoadError(response.status);
  const document = (await response.json()) as OpenApiDocument;
  if (typeof document !== 'object' || document === null || typeof document.paths !== 'object')
    throw new DocumentLoadError(response.status);
  return document;
}

export function useOpenApiDocument(language: string) {
  return useQuery({
    queryKey: ['openApiDocument', language],
    queryFn: ({ signal }) => getOpenApiDocument(language, signal),
    staleTime: 5 * 60_000,
  });
}
