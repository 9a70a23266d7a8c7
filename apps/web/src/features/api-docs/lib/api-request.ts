import type { ApiOperation } from './openapi-model';

/** What the test page's form holds for one operation. */
export interface ApiRequestInput {
  operation: Pick<ApiOperation, 'method' | 'path' | 'parameters' | 'requestBody'>;
  /** The address the document's server names, or this portal's origin. */
  baseUrl: string;
  pathValues: Record<string, string>;
  queryValues: Record<string, string>;
  /** The body as typed (JSON text); ignored when the operation takes none. */
  bodyText: string;
  token: string;
  idempotencyKey?: string;
  language: string;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export type BuildResult =
  | { ok: true; request: BuiltRequest }
  | { ok: false; problem: 'missingPath'; name: string }
  | { ok: false; problem: 'invalidJson'; detail: string };

/** The body text checked as JSON and sent compact; a blank body for an operation that takes one is `{}`. */
export function parseBodyText(text: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** The request the form describes: path values filled (encoded), blank query values left out. */
export function buildApiRequest(input: ApiRequestInput): BuildResult {
  let path = input.operation.path;
  for (const parameter of input.operation.parameters.filter((p) => p.in === 'path')) {
    const value = (input.pathValues[parameter.name] ?? '').trim();
    if (!value) return { ok: false, problem: 'missingPath', name: parameter.name };
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const parameter of input.operation.parameters.filter((p) => p.in === 'query')) {
    const value = (input.queryValues[parameter.name] ?? '').trim();
    if (value) query.append(parameter.name, value);
  }
  const search = query.toString();
  const url = `${input.baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': input.language };
  const token = input.token.trim();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (input.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey;

  let body: string | undefined;
  if (input.operation.requestBody) {
    const parsed = parseBodyText(input.bodyText);
    if (!parsed.ok) return { ok: false, problem: 'invalidJson', detail: parsed.detail };
    body = JSON.stringify(parsed.value ?? {});
    headers['Content-Type'] = 'application/json';
  }
  return {
    ok: true,
    request: {
      method: input.operation.method.toUpperCase(),
      url,
      headers,
      ...(body === undefined ? {} : { body }),
    },
  };
}

/** A POSIX shell single-quoted word: nothing inside is expanded. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The same request as a curl command. The token is written as typed: the user asked for the command
 * and copies it into their own terminal; the page never stores it.
 */
export function curlOf(request: BuiltRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers))
    lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`  --data-raw ${shellQuote(request.body)}`);
  return lines.join(' \\\n');
}

/** An answer as the page shows it. */
export interface ApiResponseView {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** Pretty JSON when the body is JSON, else the text as it came (a PDF label says its type and size). */
  bodyText: string;
  contentType: string;
  durationMs: number;
}

/** JSON pretty-printed with two spaces; other text unchanged. */
export function formatBody(text: string, contentType: string): string {
  if (!/[/+]json\b/i.test(contentType) && !/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Sends the request with `fetch` (not the portal's client: the open API answers are not the portal's
 * envelope, and its error catalogue must not sign the user out on a 401 of a pasted token).
 */
export async function sendApiRequest(
  request: BuiltRequest,
  now: () => number = () => performance.now(),
  send: typeof fetch = (...args) => fetch(...args),
): Promise<ApiResponseView> {
  const started = now();
  const response = await send(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    credentials: 'omit',
  });
  const contentType = response.headers.get('content-type') ?? '';
  const isBinary = /^(application\/(pdf|zip|octet-stream)|image\/)/i.test(contentType);
  const raw = isBinary ? '' : await response.text();
  const size = isBinary ? (await response.blob()).size : raw.length;
  const durationMs = Math.max(0, Math.round(now() - started));
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  headers.sort(([a], [b]) => a.localeCompare(b));
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    bodyText: isBinary ? `<${contentType}, ${size} B>` : formatBody(raw, contentType),
    contentType,
    durationMs,
  };
}
