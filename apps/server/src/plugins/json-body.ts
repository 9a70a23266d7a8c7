import type { FastifyInstance } from 'fastify';
import { vouchForJson } from './edge-guard.ts';

/**
 * Many clients send `content-type: application/json` with an empty body on calls whose arguments ride in
 * the query string (`Login/RefreshToken?refreshToken=…`): such a request has no body, it is not invalid
 * JSON. Any other body goes to Fastify's own JSON parser (prototype-poisoning protection included).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  // Both 'error', Fastify's defaults: a `__proto__` or `constructor.prototype` key refuses the body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      // The edge guard (plugins/edge-guard.ts) skips its walk of a body whose text had nothing to find.
      if (!error) vouchForJson(text, parsed);
      done(error, parsed);
    });
  });
}
