import { OpenApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import { OrderCancelResultSchema, OrderCreatedSchema } from '@portal/contracts/order';
import {
  DEFAULT_LABEL_SIZE,
  InstantSchema,
  LABEL_SIZES,
  OrderDetailSchema,
  OrderQueryResultSchema,
  OrderQuerySchema,
  TrackingResultSchema,
} from '@portal/contracts/order-list';
import { ORDER_STATUSES } from '@portal/contracts/order';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/contracts/pagination';
import { Permission } from '@portal/contracts/permissions';
import { ProductInfoSchema, QuoteAnswerSchema, QuoteRequestSchema } from '@portal/contracts/product';
import { WalletBalanceListSchema } from '@portal/contracts/wallet';
import { z } from 'zod';
import { orderCreateSchema } from '../order/order.service.ts';
import type { DataScopeRule } from '../organization/data-scope.ts';
import * as examples from './open-api.examples.ts';

/**
 * The operations of the open API, ONE list that both the routes (open-api.routes.ts) and the OpenAPI
 * document (open-api.document.ts) are made from: the same zod schemas validate the requests and describe
 * them. Summaries and descriptions are message keys (`openApi.op.<operationId>.summary|description`).
 */

/** `{orderNo}`: the order's reference (customerOrderNo) or its waybill number. */
export const OrderNoParamsSchema = z.object({
  orderNo: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_./-]+$/),
});

const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The list's query string: the portal list's filters (OrderQuerySchema, which it is piped into) as query
 * parameters, with the page numbers coerced from text.
 */
const OrderListQueryObject = z.object({
  status: z.preprocess(blankAsAbsent, z.enum(ORDER_STATUSES).optional()),
  /** Reference, waybill or last-mile numbers, separated by commas or spaces. */
  numbers: z.preprocess(blankAsAbsent, z.string().max(4000).optional()),
  createdFrom: z.preprocess(blankAsAbsent, InstantSchema.optional()),
  createdTo: z.preprocess(blankAsAbsent, InstantSchema.optional()),
  countryCode: z.preprocess(blankAsAbsent, z.string().max(2).optional()),
  productCode: z.preprocess(blankAsAbsent, z.string().max(32).optional()),
  keyword: z.preprocess(blankAsAbsent, z.string().max(100).optional()),
  pageIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
type OrderListQueryParsed = z.output<typeof OrderListQueryObject>;
export const OrderListQuerySchema = OrderListQueryObject
  // Its input is this object's output (page numbers always present), which the pipe's types do not see.
  .pipe(OrderQuerySchema as unknown as z.ZodType<z.output<typeof OrderQuerySchema>, OrderListQueryParsed>);

export const LabelQuerySchema = z.object({ size: z.enum(LABEL_SIZES).default(DEFAULT_LABEL_SIZE) });

export type OpenApiTag = 'orders' | 'products' | 'wallet';
export const OPEN_API_TAGS: readonly OpenApiTag[] = ['orders', 'products', 'wallet'];

export interface OpenApiOperation {
  operationId: string;
  method: 'GET' | 'POST';
  /** As in the document, with `{param}`. */
  path: string;
  tag: OpenApiTag;
  permission?: Permission;
  /** What of the customer's data it reads (modules/organization/data-scope.ts). */
  dataScope: DataScopeRule;
  /** Answers for a customer in arrears too (the balance, so it can see why). */
  allowInArrears?: boolean;
  /** Accepts an `Idempotency-Key` header (plugins/idempotency.ts). */
  idempotent?: boolean;
  params?: z.ZodObject;
  query?: z.ZodType;
  queryExample?: Record<string, string | number>;
  body?: z.ZodType;
  bodyExample?: unknown;
  bodyLimit?: number;
  /** The envelope's `data` (JSON answers), or a PDF file. */
  response: { kind: 'json'; data: z.ZodType; example: unknown } | { kind: 'pdf' };
  /** Body codes this operation may answer besides the common ones (400, 401, 402, 403, 429). */
  errors: ApiCode[];
}

export const openApiOperations: readonly OpenApiOperation[] = [
  {
    operationId: 'createOrder',
    method: 'POST',
    path: OpenApiPath.Orders,
    tag: 'orders',
    dataScope: 'orders',
    permission: Permission.OrderCreate,
    idempotent: true,
    body: orderCreateSchema,
    bodyExample: examples.createOrderExample,
    bodyLimit: 256 * 1024,
    response: { kind: 'json', data: OrderCreatedSchema, example: examples.orderCreatedExample },
    errors: [ApiCode.Conflict],
  },
  {
    operationId: 'listOrders',
    method: 'GET',
    path: OpenApiPath.Orders,
    tag: 'orders',
    dataScope: 'orders',
    permission: Permission.OrderView,
    query: OrderListQuerySchema,
    queryExample: { status: 'submitted', pageIndex: 1, pageSize: 20 },
    response: { kind: 'json', data: OrderQueryResultSchema, example: examples.orderListExample },
    errors: [],
  },
  {
    operationId: 'getOrder',
    method: 'GET',
    path: OpenApiPath.Order,
    tag: 'orders',
    dataScope: 'orders',
    permission: Permission.OrderView,
    params: OrderNoParamsSchema,
    response: { kind: 'json', data: OrderDetailSchema, example: examples.orderDetailExample },
    errors: [ApiCode.NotFound],
  },
  {
    operationId: 'cancelOrder',
    method: 'POST',
    path: OpenApiPath.CancelOrder,
    tag: 'orders',
    dataScope: 'orders',
    permission: Permission.OrderCreate,
    params: OrderNoParamsSchema,
    response: { kind: 'json', data: OrderCancelResultSchema, example: examples.orderCancelExample },
    errors: [ApiCode.NotFound, ApiCode.Conflict],
  },
  {
    operationId: 'getOrderLabel',
    method: 'GET',
    path: OpenApiPath.OrderLabel,
    tag: 'orders',
    dataScope: 'orders',
    permission: Permission.OrderView,
    params: OrderNoParamsSchema,
    query: LabelQuerySchema,
    queryExample: { size: DEFAULT_LABEL_SIZE },
    response: { kind: 'pdf' },
    errors: [ApiCode.NotFound, ApiCode.Conflict],
  },
  {
    operationId: 'getOrderTracking',
    method: 'GET',
    path: OpenApiPath.OrderTracking,
    tag: 'orders',
    dataScope: 'orders',
    permission: Permission.OrderView,
    params: OrderNoParamsSchema,
    response: {
      kind: 'json',
      data: TrackingResultSchema.shape.list.element,
      example: examples.trackingExample,
    },
    errors: [ApiCode.NotFound],
  },
  {
    operationId: 'quoteRates',
    method: 'POST',
    path: OpenApiPath.Quotes,
    tag: 'products',
    dataScope: 'shared',
    permission: Permission.OrderCreate,
    body: QuoteRequestSchema,
    bodyExample: examples.quoteRequestExample,
    bodyLimit: 64 * 1024,
    response: { kind: 'json', data: QuoteAnswerSchema, example: examples.quoteAnswerExample },
    errors: [],
  },
  {
    operationId: 'listProducts',
    method: 'GET',
    path: OpenApiPath.Products,
    tag: 'products',
    dataScope: 'shared',
    response: { kind: 'json', data: z.array(ProductInfoSchema), example: examples.productsExample },
    errors: [],
  },
  {
    operationId: 'getBalance',
    method: 'GET',
    path: OpenApiPath.Balance,
    tag: 'wallet',
    dataScope: 'company',
    permission: Permission.FinanceView,
    allowInArrears: true,
    response: { kind: 'json', data: WalletBalanceListSchema, example: examples.balanceExample },
    errors: [],
  },
];

/** `/openapi/v1/orders/{orderNo}` → Fastify's `/openapi/v1/orders/:orderNo`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
