import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app from `dir`: each file as its precompressed brotli or gzip copy when the
 * browser accepts one, hashed assets cached for a year, index.html and the version file never cached,
 * and every other GET path answered with index.html (history fallback) by the not-found handler in app.ts.
 */
export const webAppPlugin = fp<{ dir: string }>(
  async (app, { dir }) => {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies beside each compressible file (apps/web/build/precompress.ts):
      // send the one the browser accepts, with Vary: Accept-Encoding, or the file itself.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // The file sent may be a precompressed copy: its rules are those of the file it stands for.
        const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (name === 'index.html' || name === 'versionUser.json')
          reply.header('Cache-Control', 'no-store');
        else reply.header('Cache-Control', 'public, max-age=3600');
      },
    });
    // The root is a client-side route too (it redirects to the home page in the browser).
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-store').sendFile('index.html'),
    );
  },
  { name: 'web-app' },
);

/** The built web app next to the server: apps/web/dist, found from the bundle or the sources. */
export function defaultWebDistDir(fromDir: string): string | undefined {
  const candidate = path.resolve(fromDir, '../../web/dist');
  return existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}
