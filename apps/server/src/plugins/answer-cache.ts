import fp from 'fastify-plugin';
import { AnswerCache } from '../lib/answer-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's cache of serialized list answers (lib/answer-cache.ts). */
    answerCache: AnswerCache;
  }
}

/** One answer cache per instance; its keys carry the list versions the session check reads. */
export const answerCachePlugin = fp(
  async (app) => {
    app.decorate('answerCache', new AnswerCache(app.config.answerCacheBytes));
  },
  { name: 'answer-cache', dependencies: ['database'] },
);
