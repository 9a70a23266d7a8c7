import { ApiPath } from '@portal/contracts/api-paths';
import { LoginResponseSchema } from '@portal/contracts/auth';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  LOGIN_RESULT_PAGE,
  SandboxWeChatConfirmSchema,
  SandboxWeChatSceneSchema,
  SandboxWeChatScanQuerySchema,
  WeChatBindingSchema,
  WeChatPollSchema,
  WeChatSceneQuerySchema,
  WeChatSceneSchema,
} from '@portal/contracts/wechat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { clientInfo } from '../auth/auth.routes.ts';
import './wechat.messages.ts';
import { createWeChatLoginProvider } from './wechat-provider.ts';
import {
  bindingTransfer,
  cancelBinding,
  loginTransfer,
  openScene,
  pollScene,
  providerCallback,
  sandboxConfirm,
  sandboxScene,
  type WeChatDeps,
} from './wechat.service.ts';

/** Why a WeChat round trip failed, as `/loginResult?reason=` names it (the page words it). */
const CALLBACK_REASONS: Record<string, string> = {
  'wechat.sceneNotFound': 'notFound',
  'wechat.sceneExpired': 'expired',
  'wechat.sceneUsed': 'used',
  'wechat.providerRefused': 'refused',
};

/** WeChat QR login and binding (spec section 7 "WeChat", all GET), and the sandbox's scan page calls. */
export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createWeChatLoginProvider(app.config.wechatLogin, app.config.payments.publicBaseUrl);
  const deps = (): WeChatDeps => ({ db: app.db, config: app.config, tokenSecret: app.tokenSecret, provider });
  const owner = (auth: { customerId: string; userId: string }) => ({
    customerId: auth.customerId,
    userId: auth.userId,
  });
  const tags = ['wechat'];

  app.get(
    ApiPath.WeChatGetLoginQRCoder,
    {
      schema: {
        tags,
        summary: 'A QR code for signing in with WeChat (public; valid WECHAT_SCENE_TTL_SECONDS, single use)',
        response: { 200: envelopeSchema(WeChatSceneSchema) },
      },
    },
    async (request) => request.ok(await openScene(deps(), 'login', null, request.ip)),
  );

  app.get(
    ApiPath.WeChatLoginPolling,
    {
      schema: {
        tags,
        summary: 'State of a sign-in QR code: waiting, confirmed, notBound, expired or used',
        querystring: WeChatSceneQuerySchema,
        response: { 200: envelopeSchema(WeChatPollSchema) },
      },
    },
    async (request) => request.ok(await pollScene(deps(), request.query.sceneId, 'login', null)),
  );

  app.get(
    ApiPath.WeChatLoginTransfer,
    {
      schema: {
        tags,
        summary: 'Exchange a confirmed sign-in QR code for a session (once)',
        querystring: WeChatSceneQuerySchema,
        response: { 200: envelopeSchema(LoginResponseSchema) },
      },
    },
    async (request) => request.ok(await loginTransfer(deps(), request.query.sceneId, clientInfo(request))),
  );

  app.get(
    ApiPath.WeChatGetUserQRCoder,
    {
      config: { dataScope: 'self' },
      schema: {
        tags,
        summary: "A QR code that binds the scanning WeChat identity to the signed-in user's account",
        response: { 200: envelopeSchema(WeChatSceneSchema) },
      },
    },
    async (request) => request.ok(await openScene(deps(), 'bind', owner(request.auth), request.ip)),
  );

  app.get(
    ApiPath.WeChatBindingPolling,
    {
      config: { dataScope: 'self' },
      schema: {
        tags,
        summary: "State of the user's binding QR code: waiting, confirmed, expired or used",
        querystring: WeChatSceneQuerySchema,
        response: { 200: envelopeSchema(WeChatPollSchema) },
      },
    },
    async (request) =>
      request.ok(await pollScene(deps(), request.query.sceneId, 'bind', owner(request.auth))),
  );

  app.get(
    ApiPath.WeChatBindingTransfer,
    {
      config: { dataScope: 'self' },
      schema: {
        tags,
        summary:
          'Bind the confirmed WeChat identity to the signed-in user (refused when it is bound elsewhere)',
        querystring: WeChatSceneQuerySchema,
        response: { 200: envelopeSchema(WeChatBindingSchema) },
      },
    },
    async (request) =>
      request.ok(await bindingTransfer(deps(), request.auth, request.query.sceneId), 'wechat.bound'),
  );

  app.get(
    ApiPath.WeChatCancelBinding,
    {
      config: { dataScope: 'self' },
      schema: {
        tags,
        summary: "End the signed-in user's WeChat binding",
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await cancelBinding(deps(), request.auth);
      return request.ok(null, 'wechat.unbound');
    },
  );

  app.get(
    ApiPath.WeChatCallback,
    {
      schema: {
        tags,
        summary: "WeChat's redirect after a website-login scan (real provider); goes on to /loginResult",
        querystring: z.object({ code: z.string().max(512).optional(), state: z.string().min(1).max(128) }),
      },
    },
    async (request, reply) => {
      try {
        const scene = await providerCallback(deps(), request.query.code, request.query.state);
        const query = new URLSearchParams({ source: 'wechat', purpose: scene.purpose, result: 'success' });
        return reply.redirect(`${LOGIN_RESULT_PAGE}?${query.toString()}`);
      } catch (error) {
        if (!(error instanceof AppError) || !CALLBACK_REASONS[error.messageKey]) throw error;
        const query = new URLSearchParams({
          source: 'wechat',
          result: 'failure',
          reason: CALLBACK_REASONS[error.messageKey]!,
        });
        return reply.redirect(`${LOGIN_RESULT_PAGE}?${query.toString()}`);
      }
    },
  );

  app.get(
    ApiPath.WeChatSandboxGetScene,
    {
      schema: {
        tags,
        summary: 'Sandbox scan page: what the scanned QR code is for (sandbox provider only)',
        querystring: SandboxWeChatScanQuerySchema,
        response: { 200: envelopeSchema(SandboxWeChatSceneSchema) },
      },
    },
    async (request) => request.ok(await sandboxScene(deps(), request.query.scanCode)),
  );

  app.post(
    ApiPath.WeChatSandboxConfirm,
    {
      schema: {
        tags,
        summary: 'Sandbox scan page: confirm the scan as a WeChat identity named by its nickname',
        body: SandboxWeChatConfirmSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await sandboxConfirm(deps(), request.body.scanCode, request.body.nickname);
      return request.ok(null, 'wechat.scanConfirmed');
    },
  );
};
