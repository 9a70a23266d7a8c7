import { ApiPath } from '@portal/contracts/api-paths';
import {
  ApplicationInfoSchema,
  ApplicationMenuItemSchema,
  BaseConfigSchema,
} from '@portal/contracts/application';
import { LoginUserInfoSchema } from '@portal/contracts/auth';
import { envelopeSchema } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './application.service.ts';

/** Currencies the portal shows until the wallet feature supplies the customer's own list. */
const SUPPORTED_CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'HKD'];

/** Branding by host, the caller's menu, who is signed in, and portal constants. */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPath.GetApplicationInfo,
    {
      schema: {
        tags: ['application'],
        summary: 'Branding for the request host',
        response: { 200: envelopeSchema(ApplicationInfoSchema) },
      },
    },
    async (request) =>
      request.ok(await service.getApplicationInfo(app.db, request.hostname, request.language)),
  );

  app.post(
    ApiPath.QueryApplicationMenu,
    {
      config: { allowInArrears: true, allowWithInitialPassword: true, dataScope: 'self' },
      schema: {
        tags: ['application'],
        summary: 'Menu tree the caller may see',
        response: { 200: envelopeSchema(z.array(ApplicationMenuItemSchema)) },
      },
    },
    async (request) => request.ok(await service.getMenu(app.db, request.auth, request.language)),
  );

  app.get(
    ApiPath.GetLoginUserInfo,
    {
      config: { allowInArrears: true, allowWithInitialPassword: true, dataScope: 'self' },
      schema: {
        tags: ['application'],
        summary: 'The signed-in user, customer, permissions and roles',
        response: { 200: envelopeSchema(LoginUserInfoSchema) },
      },
    },
    async (request) => request.ok(await service.getLoginUserInfo(app.db, request.auth, request.language)),
  );

  app.get(
    ApiPath.GetBaseConfig,
    {
      schema: {
        tags: ['application'],
        summary: 'Portal constants',
        response: { 200: envelopeSchema(BaseConfigSchema) },
      },
    },
    async (request) => request.ok(service.getBaseConfig(SUPPORTED_CURRENCIES)),
  );
};
