import type { FastifyInstance } from 'fastify';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ExportTask, StoredFile } from '@portal/contracts/export-task';
import { createCustomer } from './factories.ts';
import { call, signIn } from './test-app.ts';

/** A new customer with its main user signed in. */
export async function signedInCustomer(app: FastifyInstance) {
  const { customerId, main } = await createCustomer(app.db);
  const { jwtToken } = await signIn(app, main);
  return { customerId, token: jwtToken, main };
}

/** A POST of the envelope API and a file download, both as `token` in `language`. */
function caller(app: FastifyInstance, token: string, language: string) {
  return {
    post: <T>(url: string, body: unknown) =>
      call<T>(app, { method: 'POST', url, token, body, headers: { 'accept-language': language } }),
    download: (url: string, id: string) =>
      app.inject({
        method: 'GET',
        url,
        query: { id },
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      }),
  };
}

/** The export task calls of one signed-in user, in one language. */
export function exportTaskApi(app: FastifyInstance, token: string, language = 'zh-CN') {
  const { post, download } = caller(app, token, language);
  return {
    create: (body: unknown) => post<ExportTask>(ApiPath.CreateExportTask, body),
    query: (body: unknown = {}) =>
      post<{ items: ExportTask[]; total: number }>(ApiPath.QueryExportTask, body),
    download: (id: string) => download(ApiPath.DownloadExportTask, id),
  };
}

/** The file management calls (uploaded files) of one signed-in user, in one language. */
export function fileManagementApi(app: FastifyInstance, token: string, language = 'zh-CN') {
  const { post, download } = caller(app, token, language);
  return {
    query: (body: unknown = {}) => post<{ items: StoredFile[]; total: number }>(ApiPath.QueryFiles, body),
    remove: (body: unknown) => post<{ deleted: number }>(ApiPath.DeleteFiles, body),
    download: (id: string) => download(ApiPath.DownloadFile, id),
  };
}
