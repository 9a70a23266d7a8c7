import { ApiPath } from '@portal/contracts/api-paths';
import {
  ChangeInitPasswordRequestSchema,
  ChangePasswordRequestSchema,
  LoginLogEntrySchema,
  SecuritySettingSchema,
} from '@portal/contracts/auth';
import { envelopeSchema } from '@portal/contracts/envelope';
import { PageQuerySchema, pageSchema } from '@portal/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../auth/auth.routes.ts';
import * as service from './account.service.ts';

/** The signed-in user's own password, security summary and login log. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ApiPath.ChangePassword,
    {
      config: { dataScope: 'self' },
      schema: {
        tags: ['user'],
        summary: 'Change the password; other sessions end',
        body: ChangePasswordRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const deps = { db: app.db, config: app.config, tokenSecret: app.tokenSecret };
      await service.changePassword(deps, request.auth, request.body, clientInfo(request));
      return request.ok(null, 'password.changed');
    },
  );

  app.post(
    ApiPath.ChangeInitPassword,
    {
      config: { allowWithInitialPassword: true, dataScope: 'self' },
      schema: {
        tags: ['user'],
        summary: 'Replace the initial password; other sessions end',
        body: ChangeInitPasswordRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.changeInitialPassword(app.db, request.auth, request.body);
      return request.ok(null, 'password.changed');
    },
  );

  app.get(
    ApiPath.GetInitPassword,
    {
      config: { allowWithInitialPassword: true, dataScope: 'self' },
      schema: {
        tags: ['user'],
        summary: 'Whether the user still has the initial password',
        response: { 200: envelopeSchema(z.boolean()) },
      },
    },
    async (request) => request.ok(await service.hasInitialPassword(app.db, request.auth)),
  );

  app.get(
    ApiPath.SecuritySetting,
    {
      config: { dataScope: 'self' },
      schema: {
        tags: ['user'],
        summary: 'Security summary of the signed-in user',
        response: { 200: envelopeSchema(SecuritySettingSchema) },
      },
    },
    async (request) => request.ok(await service.getSecuritySetting(app.db, request.auth)),
  );

  app.get(
    ApiPath.QueryLoginLog,
    {
      config: { dataScope: 'self' },
      schema: {
        tags: ['user'],
        summary: 'Sign-in attempts of the signed-in user, newest first',
        querystring: PageQuerySchema,
        response: { 200: envelopeSchema(pageSchema(LoginLogEntrySchema)) },
      },
    },
    async (request) => request.ok(await service.listLoginLog(app.db, request.auth, request.query)),
  );
};
