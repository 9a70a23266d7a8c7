import { OpenApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, notFound } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import type { Db } from '../../db/database.ts';
import { checkRouteAccess, type AuthContext } from '../../plugins/authenticate.ts';
import { attachmentDisposition } from '../address/spreadsheet-text.ts';
import { authenticateApiToken, apiTokenHashKey, looksLikeApiToken } from '../api-token/api-token.service.ts';
import { getApplicationInfo } from '../application/application.service.ts';
import { printLabels } from '../label/label.service.ts';
import * as orderListRepo from '../order/order-list.repository.ts';
import * as orderList from '../order/order-list.service.ts';
import '../order/order.messages.ts';
import * as orders from '../order/order.service.ts';
import { listProducts } from '../product/product.service.ts';
import { quoteShipment } from '../product/quote.service.ts';
import { buildOf } from '../system-info/system-info.service.ts';
import { queryBalances } from '../wallet/wallet.service.ts';
import { buildOpenApiDocument } from './open-api.document.ts';
import { fastifyPath, openApiOperations, type OpenApiOperation } from './open-api.operations.ts';

/**
 * The open API (`/openapi/v1/...`, PRODUCT.md section 4): every operation of open-api.operations.ts,
 * calling the same services as the portal's endpoints. Only an API token opens it; the token's customer
 * and its creating user's permissions bound every call, read from the database on every call. Answers
 * are the `/api` envelope with a matching HTTP status (lib/open-api-status.ts), texts by Accept-Language.
 */

/** Distinct documents kept: three languages times the few host names one deployment answers on. */
const MAX_CACHED_DOCUMENTS = 30;

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The customer's order named by its reference or waybill number (reference first); else not found. */
async function resolveOrderId(db: Db, auth: AuthContext, orderNo: string): Promise<string> {
  const found = await orderListRepo.ordersByNumbers(db, auth.customerId, [orderNo], auth.dataScope);
  const order =
    found.find((row) => row.customer_order_no === orderNo) ?? found.find((row) => row.waybill_no === orderNo);
  if (!order) throw notFound();
  return order.id;
}

/** The document's language: `?lang=` when it names one of ours, else Accept-Language. */
function documentLanguage(request: FastifyRequest): Language {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  return typeof asked === 'string' && (LANGUAGES as readonly string[]).includes(asked)
    ? (asked as Language)
    : request.language;
}

export const openApiRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const hashKey = apiTokenHashKey(app.tokenSecret);
  const callsPerMinute = app.config.openApiCallsPerMinute;
  /** Built documents (JSON text) by language, application name, version and server address. */
  const documents = new Map<string, string>();

  // The document is public: anyone may read how to call the API (the API test page fetches it).
  app.get(OpenApiPath.Document, async (request, reply) => {
    const language = documentLanguage(request);
    const [application, build] = await Promise.all([
      getApplicationInfo(db, request.hostname, language).catch(() => undefined),
      buildOf(app.config.webDistDir),
    ]);
    const info = {
      name: application?.webName || 'Portal',
      version: build.version,
      serverUrl: `${request.protocol}://${request.host}`,
    };
    // The document only changes with these inputs; building it converts every schema, so keep it.
    const key = JSON.stringify([language, info]);
    let document = documents.get(key);
    if (!document) {
      if (documents.size >= MAX_CACHED_DOCUMENTS) documents.clear();
      document = JSON.stringify(buildOpenApiDocument(info, language));
      documents.set(key, document);
    }
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(document);
  });

  const handlers: Record<string, Handler> = {
    createOrder: async (request) => {
      const created = await orders.createOrder(db, request.auth, request.body as never, request.language);
      return {
        ...request.ok(created),
        message: created.waybillNo
          ? request.t('order.submitted', { waybillNo: created.waybillNo })
          : request.t('order.saved'),
      };
    },
    listOrders: async (request) =>
      request.ok(await orderList.queryOrders(db, request.auth, request.query as never, request.language)),
    getOrder: async (request) => {
      const id = await resolveOrderId(db, request.auth, (request.params as { orderNo: string }).orderNo);
      return request.ok(await orders.getOrder(db, request.auth, id, request.language));
    },
    cancelOrder: async (request) => {
      const id = await resolveOrderId(db, request.auth, (request.params as { orderNo: string }).orderNo);
      const cancelled = await orders.cancelOrders(db, request.auth, [id], request.language);
      return { ...request.ok({ cancelled }), message: request.t('order.cancelled', { count: cancelled }) };
    },
    getOrderLabel: async (request, reply) => {
      const id = await resolveOrderId(db, request.auth, (request.params as { orderNo: string }).orderNo);
      const { size } = request.query as { size: Parameters<typeof printLabels>[4] };
      const file = await printLabels(db, app.labelPool, request.auth, [id], size, request.language);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(file.fileName, file.asciiFallback))
        .send(file.pdf);
    },
    getOrderTracking: async (request) => {
      const { orderNo } = request.params as { orderNo: string };
      const id = await resolveOrderId(db, request.auth, orderNo);
      const result = await orderList.queryTracking(db, request.auth, [orderNo]);
      const entry = result.list.find((item) => item.orderId === id);
      if (!entry) throw notFound();
      return request.ok(entry);
    },
    quoteRates: async (request) =>
      request.ok(await quoteShipment(db, request.auth, request.body as never, request.language)),
    listProducts: async (request) =>
      request.ok(await listProducts(db, request.auth.customerId, request.language)),
    getBalance: async (request) => request.ok(await queryBalances(db, request.auth)),
  };

  /**
   * Sign-in by API token, before the body is read: a portal session token is refused here (and an API
   * token on `/api`, plugins/authenticate.ts); then arrears, the creator's permission, the per-token limit.
   */
  const authenticate =
    (operation: OpenApiOperation) => async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token || !looksLikeApiToken(token)) throw new AppError(ApiCode.NotSignedIn, 'apiToken.required');
      const { auth, customerStatus } = await authenticateApiToken(db, hashKey, token);
      request.auth = auth;
      if (customerStatus === 'arrears' && !operation.allowInArrears)
        throw new AppError(ApiCode.Arrears, 'auth.arrears');
      checkRouteAccess(auth, operation);
      const verdict = await hitRateLimit(db, {
        bucket: `openApi:${auth.sessionId}`,
        limit: callsPerMinute,
        windowSeconds: 60,
      });
      if (!verdict.allowed) {
        reply.header('Retry-After', String(verdict.retryAfterSeconds));
        throw new AppError(ApiCode.TooManyRequests, 'apiToken.rateLimited', {
          seconds: verdict.retryAfterSeconds,
        });
      }
    };

  for (const operation of openApiOperations) {
    const handler = handlers[operation.operationId];
    if (!handler) throw new Error(`open API: no handler for ${operation.operationId}`);
    app.route({
      method: operation.method,
      url: fastifyPath(operation.path),
      config: { idempotency: operation.idempotent ?? false, dataScope: operation.dataScope },
      ...(operation.bodyLimit ? { bodyLimit: operation.bodyLimit } : {}),
      schema: {
        ...(operation.params ? { params: operation.params } : {}),
        ...(operation.query ? { querystring: operation.query } : {}),
        ...(operation.body ? { body: operation.body } : {}),
      },
      onRequest: authenticate(operation),
      handler,
    });
  }
};
