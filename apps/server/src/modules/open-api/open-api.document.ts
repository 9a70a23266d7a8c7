import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import { z } from 'zod';
import { translate } from '../../lib/messages.ts';
import './open-api.messages.ts';
import { openApiHttpStatus } from '../../lib/open-api-status.ts';
import { OPEN_API_TAGS, openApiOperations, type OpenApiOperation } from './open-api.operations.ts';

/**
 * The OpenAPI 3.1 document of the open API, made from the operations list and its zod schemas
 * (`z.toJSONSchema`, JSON Schema 2020-12 — OpenAPI 3.1's own dialect): requests as the schemas accept
 * them (`io: 'input'`), answers as the server sends them (`io: 'output'`). Texts in `language`.
 */

export interface DocumentInfo {
  /** The application's name (ApplicationInfo webName) and the running build's version. */
  name: string;
  version: string;
  /** Where the API answers, e.g. `https://portal.example.com`. */
  serverUrl: string;
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Transforms and refinements have no JSON Schema; the value's shape still does.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The envelope every JSON answer comes in, `data` as given. */
const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: {
    code: { type: 'integer', description: 'Body code: 200 on success, else the HTTP status of the refusal' },
    success: { type: 'boolean' },
    message: { type: 'string' },
    data,
  },
  required: ['code', 'success', 'message', 'data'],
});

/** Error answers every operation may give; each operation adds its own (404, 409). */
const COMMON_ERRORS = [
  ApiCode.BadRequest,
  ApiCode.NotSignedIn,
  ApiCode.Arrears,
  ApiCode.Forbidden,
  ApiCode.TooManyRequests,
];

function errorResponseName(code: number) {
  return `Error${openApiHttpStatus(code)}`;
}

function parameters(operation: OpenApiOperation, language: Language) {
  const list: JsonSchema[] = [];
  if (operation.params) {
    const schema = jsonSchema(operation.params, 'input') as { properties: Record<string, JsonSchema> };
    for (const [name, property] of Object.entries(schema.properties))
      list.push({
        name,
        in: 'path',
        required: true,
        description: translate(language, `openApi.param.${name}`),
        schema: property,
        example: 'SHOP-2026-0001',
      });
  }
  if (operation.query) {
    const schema = jsonSchema(operation.query, 'input') as {
      properties: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(schema.properties))
      list.push({
        name,
        in: 'query',
        required: schema.required?.includes(name) ?? false,
        schema: property,
        ...(operation.queryExample?.[name] !== undefined ? { example: operation.queryExample[name] } : {}),
      });
  }
  if (operation.idempotent)
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: translate(language, 'openApi.param.idempotencyKey'),
      schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x20-\\x7e]+$' },
      example: 'b3f1c2d4-order-SHOP-2026-0001',
    });
  return list;
}

function operationObject(operation: OpenApiOperation, language: Language): JsonSchema {
  const ok: JsonSchema =
    operation.response.kind === 'pdf'
      ? {
          description: translate(language, 'openApi.response.pdf'),
          content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
        }
      : {
          description: translate(language, 'openApi.response.ok'),
          content: {
            'application/json': {
              schema: envelope(jsonSchema(operation.response.data, 'output')),
              example: {
                code: 200,
                success: true,
                message: translate(language, 'ok'),
                data: operation.response.example,
              },
            },
          },
        };
  const responses: Record<string, JsonSchema> = { '200': ok };
  for (const code of [...COMMON_ERRORS, ...operation.errors])
    responses[String(openApiHttpStatus(code))] = {
      $ref: `#/components/responses/${errorResponseName(code)}`,
    };
  if (operation.body) responses['413'] = { $ref: '#/components/responses/Error413' };
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: translate(language, `openApi.op.${operation.operationId}.summary`),
    description: translate(language, `openApi.op.${operation.operationId}.description`),
    parameters: parameters(operation, language),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(operation.body, 'input'),
                example: operation.bodyExample,
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** Every error answer as a reusable response, with an example in `language`. */
function errorResponses(language: Language): Record<string, JsonSchema> {
  const examples: Record<number, string> = {
    400: 'error.validation',
    401: 'apiToken.invalid',
    402: 'auth.arrears',
    403: 'auth.forbidden',
    404: 'error.resourceNotFound',
    409: 'idempotency.keyReused',
    413: 'error.payloadTooLarge',
    429: 'apiToken.rateLimited',
  };
  return Object.fromEntries(
    Object.entries(examples).map(([status, key]) => [
      `Error${status}`,
      {
        description: translate(language, `openApi.error.${status}`),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/ErrorEnvelope' },
            example: {
              code:
                status === '401' ? ApiCode.NotSignedIn : status === '402' ? ApiCode.Arrears : Number(status),
              success: false,
              message: translate(language, key, { permission: 'order:create', seconds: 30 }),
              data: null,
            },
          },
        },
      },
    ]),
  );
}

export function buildOpenApiDocument(info: DocumentInfo, language: Language) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of openApiOperations)
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = operationObject(operation, language);
  return {
    openapi: '3.1.0',
    info: {
      title: translate(language, 'openApi.doc.title', { name: info.name }),
      version: info.version,
      description: translate(language, 'openApi.doc.description'),
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: info.serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: OPEN_API_TAGS.map((name) => ({ name, description: translate(language, `openApi.tag.${name}`) })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pk_live_…',
          description: translate(language, 'openApi.doc.bearer'),
        },
      },
      schemas: {
        ErrorEnvelope: envelope({
          description: 'null, or for 400 `{ errors: [{ field, message }] }`, or details of a 409',
        }),
      },
      responses: errorResponses(language),
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
