import { ApiPath } from '@portal/contracts/api-paths';
import { LoginRequestSchema, LoginResponseSchema, TokenPairSchema } from '@portal/contracts/auth';
import { envelopeSchema } from '@portal/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  issueDeviceCookie,
  loginWithPassword,
  logout,
  refreshTokens,
  type ClientInfo,
} from './auth.service.ts';
import { deviceCookieHeader } from './device-cookie.ts';

export const clientInfo = (request: FastifyRequest): ClientInfo => {
  const hint = request.headers['sec-ch-ua-platform-version'];
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
    platformVersion: typeof hint === 'string' ? hint.slice(0, 40) : undefined,
    cookieHeader: request.headers.cookie,
  };
};

/** Sign-in, token refresh and sign-out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, config: app.config, tokenSecret: app.tokenSecret });

  app.post(
    ApiPath.CustomerLogin,
    {
      schema: {
        tags: ['login'],
        summary: 'Sign in with login name or phone and password',
        body: LoginRequestSchema,
        response: { 200: envelopeSchema(LoginResponseSchema) },
      },
    },
    async (request, reply) => {
      const { answer, userId } = await loginWithPassword(deps(), request.body, clientInfo(request));
      const days = app.config.loginThrottle.deviceCookieDays;
      const cookie = deviceCookieHeader(
        issueDeviceCookie(deps(), userId),
        days,
        request.protocol === 'https',
      );
      reply.header('set-cookie', cookie);
      return request.ok(answer);
    },
  );

  app.post(
    ApiPath.RefreshToken,
    {
      schema: {
        tags: ['login'],
        summary: 'Exchange a refresh token for a new token pair (the old refresh token is spent)',
        querystring: z.object({ refreshToken: z.string().min(1).max(200) }),
        response: { 200: envelopeSchema(TokenPairSchema) },
      },
    },
    async (request) => request.ok(await refreshTokens(deps(), request.query.refreshToken)),
  );

  app.post(
    ApiPath.Logout,
    {
      config: { allowInArrears: true, allowWithInitialPassword: true, dataScope: 'self' },
      schema: {
        tags: ['login'],
        summary: 'End the current session',
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await logout(deps(), request.auth.sessionId);
      return request.ok(null, 'auth.signedOut');
    },
  );
};
