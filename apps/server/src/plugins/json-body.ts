import type { FastifyInstance } from 'fastify';

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
    parseJson(request, text, done);
  });
}
