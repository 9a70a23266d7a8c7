import { ApiPath } from '@portal/contracts/api-paths';
import { LoginResponseSchema } from '@portal/contracts/auth';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  CodeSentSchema,
  ForgetPasswordRequestSchema,
  PhoneCodeRequestSchema,
  PhoneQuerySchema,
  ResetTicketSchema,
  SendLoginSmsRequestSchema,
} from '@portal/contracts/verification-code';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../auth/auth.routes.ts';
import { issueDeviceCookie } from '../auth/auth.service.ts';
import { deviceCookieHeader } from '../auth/device-cookie.ts';
import * as flows from './code-flows.service.ts';
import { CODE_SENT_MESSAGE, verificationCodeDepsOf } from './verification-code.service.ts';

/** Bodies here are a phone, a code, a ticket and a password: anything bigger is refused unread. */
const BODY_LIMIT = 4 * 1024;

const depsOf = (app: FastifyInstance): flows.CodeFlowDeps => ({
  auth: { db: app.db, config: app.config, tokenSecret: app.tokenSecret },
  codes: verificationCodeDepsOf(app),
});

/** SMS sign-in, forgot password (public) and change phone (signed in). */
export const verificationCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['login'];
  const sent = envelopeSchema(CodeSentSchema);

  app.post(
    ApiPath.SendLoginSms,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Send a sign-in code by SMS (the same answer whether or not the phone has an account)',
        body: SendLoginSmsRequestSchema,
        response: { 200: sent },
      },
    },
    async (request) => {
      const answer = await flows.sendSignInOrResetCode(depsOf(app), {
        purpose: 'login',
        phone: request.body.userPhone,
        ip: request.ip,
        language: request.language,
      });
      return request.ok(answer, CODE_SENT_MESSAGE);
    },
  );

  app.post(
    ApiPath.SmsLogin,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Sign in with the phone and the code sent to it',
        body: PhoneCodeRequestSchema,
        response: { 200: envelopeSchema(LoginResponseSchema) },
      },
    },
    async (request, reply) => {
      const deps = depsOf(app);
      const { answer, userId } = await flows.loginWithSmsCode(deps, request.body, clientInfo(request));
      reply.header(
        'set-cookie',
        deviceCookieHeader(
          issueDeviceCookie(deps.auth, userId),
          app.config.loginThrottle.deviceCookieDays,
          request.protocol === 'https',
        ),
      );
      return request.ok(answer);
    },
  );

  app.post(
    ApiPath.ForgetPasswordSendSms,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Send a password reset code by SMS (the same answer whether or not the phone has an account)',
        querystring: PhoneQuerySchema,
        response: { 200: sent },
      },
    },
    async (request) => {
      const answer = await flows.sendSignInOrResetCode(depsOf(app), {
        purpose: 'reset',
        phone: request.query.userPhone,
        ip: request.ip,
        language: request.language,
      });
      return request.ok(answer, CODE_SENT_MESSAGE);
    },
  );

  app.post(
    ApiPath.ForgetPasswordCheckSmsCode,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Use the reset code; answers a single-use ticket for ForgetPassword',
        body: PhoneCodeRequestSchema,
        response: { 200: envelopeSchema(ResetTicketSchema) },
      },
    },
    async (request) =>
      request.ok(await flows.checkResetCode(depsOf(app), request.body), 'passwordReset.codeChecked'),
  );

  app.post(
    ApiPath.ForgetPassword,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Set a new password with the reset ticket; every session of the user ends',
        body: ForgetPasswordRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await flows.resetPassword(depsOf(app), request.body);
      return request.ok(null, 'passwordReset.done');
    },
  );

  app.post(
    ApiPath.SendChangePhoneSms,
    {
      config: { dataScope: 'self' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['user'],
        summary: 'Send a code to the NEW phone number (refused when another user has it)',
        querystring: PhoneQuerySchema,
        response: { 200: sent },
      },
    },
    async (request) => {
      const answer = await flows.sendChangePhoneCode(depsOf(app), request.auth, {
        phone: request.query.userPhone,
        ip: request.ip,
        language: request.language,
      });
      return request.ok(answer, CODE_SENT_MESSAGE);
    },
  );

  app.post(
    ApiPath.ChangePhone,
    {
      config: { dataScope: 'self' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['user'],
        summary: 'Make the new phone (with the code sent to it) the account phone',
        body: PhoneCodeRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await flows.changePhone(depsOf(app), request.auth, request.body);
      return request.ok(null, 'changePhone.done');
    },
  );
};
