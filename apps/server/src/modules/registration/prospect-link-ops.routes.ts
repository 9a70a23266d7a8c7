import { envelopeSchema } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPS_BODY_LIMIT, OPS_PREFIX } from '../operations/operations.schemas.ts';
import * as prospect from './prospect-link.service.ts';

export const ProspectLinkOpsPath = {
  List: `${OPS_PREFIX}/prospect-links`,
  Create: `${OPS_PREFIX}/prospect-links`,
  Get: `${OPS_PREFIX}/prospect-links/:id`,
} as const;

/**
 * The prospect link calls of the operations API. Registered inside operationsRoutes, so its operator-key
 * hook guards them like every other `/ops/v1` route.
 */
export const prospectLinkOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operations'];
  const deps = () => ({ db: app.db, config: app.config.registration, tokenSecret: app.tokenSecret });
  app.post(
    ProspectLinkOpsPath.Create,
    {
      bodyLimit: OPS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a signed, expiring prospect link (its URL is answered once)',
        body: prospect.OpsProspectLinkCreateSchema,
        response: { 200: envelopeSchema(prospect.OpsProspectLinkCreatedSchema) },
      },
    },
    async (request) =>
      request.ok(await prospect.createProspectLink(deps(), request.body ?? {}), 'prospect.created'),
  );
  app.get(
    ProspectLinkOpsPath.List,
    {
      schema: {
        tags,
        summary: 'Prospect links, newest first, with their answers',
        querystring: prospect.OpsProspectLinkQuerySchema,
        response: {
          200: envelopeSchema(z.object({ list: z.array(prospect.OpsProspectLinkSchema), total: z.number() })),
        },
      },
    },
    async (request) => request.ok(await prospect.listProspectLinks(app.db, request.query)),
  );
  app.get(
    ProspectLinkOpsPath.Get,
    {
      schema: {
        tags,
        summary: 'One prospect link with its answers',
        params: prospect.ProspectLinkIdParamsSchema,
        response: { 200: envelopeSchema(prospect.OpsProspectLinkSchema) },
      },
    },
    async (request) => request.ok(await prospect.getProspectLinkForStaff(app.db, request.params.id)),
  );
};
