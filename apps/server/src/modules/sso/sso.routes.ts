import { ApiPath } from '@portal/contracts/api-paths';
import { LoginResponseSchema } from '@portal/contracts/auth';
import { envelopeSchema } from '@portal/contracts/envelope';
import { CustomerLoginTokenSchema, SsoSource, SsoTicketQuerySchema } from '@portal/contracts/sso';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../auth/auth.routes.ts';
import { issueOmsTicket, signInWithTicket, type SsoDeps } from './sso.service.ts';

/** Single sign-on: sign-in by ticket from the provider's website and OMS, and a ticket to open the OMS. */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SsoDeps => ({ db: app.db, config: app.config, tokenSecret: app.tokenSecret });

  app.get(
    ApiPath.OfficialLogin,
    {
      schema: {
        tags: ['login'],
        summary: "Sign in by a ticket from the provider's website (source `website`; single use, ~60 s)",
        querystring: SsoTicketQuerySchema,
        response: { 200: envelopeSchema(LoginResponseSchema) },
      },
    },
    async (request) =>
      request.ok(
        await signInWithTicket(deps(), request.query.ticket, SsoSource.Website, clientInfo(request)),
      ),
  );

  app.get(
    ApiPath.FreePwdLoginOms,
    {
      schema: {
        tags: ['login'],
        summary: "Sign in by a ticket from the provider's OMS (source `oms`; single use, ~60 s)",
        querystring: SsoTicketQuerySchema,
        response: { 200: envelopeSchema(LoginResponseSchema) },
      },
    },
    async (request) =>
      request.ok(await signInWithTicket(deps(), request.query.ticket, SsoSource.Oms, clientInfo(request))),
  );

  app.get(
    ApiPath.GetCustomerLoginToken,
    {
      config: { dataScope: 'self' },
      schema: {
        tags: ['login'],
        summary: "A short-lived ticket for the signed-in user to open the provider's OMS (audience `oms`)",
        response: { 200: envelopeSchema(CustomerLoginTokenSchema) },
      },
    },
    async (request) => request.ok(await issueOmsTicket(deps(), request.auth)),
  );
};
