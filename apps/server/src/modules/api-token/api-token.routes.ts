import { ApiPath } from '@portal/contracts/api-paths';
import {
  ApiTokenCreatedSchema,
  ApiTokenDeleteSchema,
  ApiTokenInsertSchema,
  ApiTokenMessage,
  ApiTokenQueryResultSchema,
} from '@portal/contracts/api-token';
import { EmptyEnvelopeSchema, envelopeSchema } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './api-token.service.ts';

/** Small forms: a name and an expiry. */
const API_TOKEN_BODY_LIMIT = 4 * 1024;

/** `CustomerApiToken/Query`, `Insert`, `Delete` (api:token): the customer's tokens for the open API. */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['apiToken'];
  const config = { permission: Permission.ApiToken };
  const hashKey = service.apiTokenHashKey(app.tokenSecret);

  app.get(
    ApiPath.QueryApiToken,
    {
      config: { ...config, dataScope: 'self' },
      schema: {
        tags,
        summary: "The customer's API tokens, newest first (never their secrets)",
        response: { 200: envelopeSchema(ApiTokenQueryResultSchema) },
      },
    },
    async (request) => request.ok(await service.queryTokens(app.db, request.auth)),
  );

  app.post(
    ApiPath.InsertApiToken,
    {
      config: { ...config, dataScope: 'self' },
      bodyLimit: API_TOKEN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a token acting as the caller; the answer carries its secret this once only',
        body: ApiTokenInsertSchema,
        response: { 200: envelopeSchema(ApiTokenCreatedSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.insertToken(app.db, hashKey, request.auth, request.body),
        ApiTokenMessage.Created,
      ),
  );

  app.post(
    ApiPath.DeleteApiToken,
    {
      config: { ...config, dataScope: 'self' },
      bodyLimit: API_TOKEN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Delete a token: its next call is refused',
        body: ApiTokenDeleteSchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await service.deleteToken(app.db, request.auth, request.body.id);
      return request.ok(null, ApiTokenMessage.Deleted);
    },
  );
};
