import fp from 'fastify-plugin';
import { ImportLimiter } from '../lib/import-limiter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One per server: every spreadsheet import (addresses, later batch orders) shares its limits. */
    importLimiter: ImportLimiter;
  }
}

export const importLimiterPlugin = fp(
  async (app) => {
    app.decorate('importLimiter', new ImportLimiter(app.config.imports));
  },
  { name: 'import-limiter', dependencies: ['database'] },
);
