import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import { SystemInfoSchema } from '@portal/contracts/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSystemInfo } from './system-info.service.ts';

/** `ApplicationInfo/GetSystemInfo`: the personal settings' system information page (every signed-in user). */
export const systemInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPath.GetSystemInfo,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags: ['application'],
        summary: 'Application name and version, build time, server and database, server time, currencies',
        response: { 200: envelopeSchema(SystemInfoSchema) },
      },
    },
    async (request) =>
      request.ok(
        await getSystemInfo(
          { db: app.db, webDistDir: app.config.webDistDir, frameworkVersion: app.version },
          request.hostname,
          request.language,
        ),
      ),
  );
};
