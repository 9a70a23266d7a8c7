import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  ProspectLinkQuerySchema,
  ProspectLinkSchema,
  ProspectSubmitSchema,
  RegisteredSchema,
  RegisterCheckCodeSchema,
  RegisterInputSchema,
  RegisterSendSmsQuerySchema,
  RegisterTicketSchema,
  TransportAgreementSchema,
} from '@portal/contracts/registration';
import { CodeSentSchema } from '@portal/contracts/verification-code';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE_SENT_MESSAGE, verificationCodeDepsOf } from '../verification-code/verification-code.service.ts';
import * as prospect from './prospect-link.service.ts';
import * as service from './registration.service.ts';

/** Registration's and the prospect form's bodies are small forms. */
const REGISTRATION_BODY_LIMIT = 16 * 1024;

/**
 * Registration (`Register/*`) and the prospect link (`CustomerInfoLink/*`): public calls (PUBLIC_API_PATHS),
 * each rate-limited per client address in the shared counters.
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['registration'];
  const deps = (): service.RegistrationDeps => ({
    db: app.db,
    config: app.config.registration,
    tokenSecret: app.tokenSecret,
    codes: verificationCodeDepsOf(app),
  });
  const prospectDeps = (): prospect.ProspectDeps => ({
    db: app.db,
    config: app.config.registration,
    tokenSecret: app.tokenSecret,
  });

  app.post(
    ApiPath.RegisterSendSms,
    {
      bodyLimit: REGISTRATION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Send a registration code to the phone (?userPhone=); the same answer for every phone',
        querystring: RegisterSendSmsQuerySchema,
        response: { 200: envelopeSchema(CodeSentSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.sendRegisterCode(deps(), request.query.userPhone, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          language: request.language,
        }),
        CODE_SENT_MESSAGE,
      ),
  );

  app.post(
    ApiPath.RegisterCheckVerificationCode,
    {
      bodyLimit: REGISTRATION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Check the registration code (spends it); answers the registerTicket naming the phone',
        body: RegisterCheckCodeSchema,
        response: { 200: envelopeSchema(RegisterTicketSchema) },
      },
    },
    async (request) =>
      request.ok(await service.checkRegisterCode(deps(), request.body), 'registration.codeVerified'),
  );

  app.post(
    ApiPath.Register,
    {
      bodyLimit: REGISTRATION_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Register a company: a new customer (pending certification) with its main user, the agreement version recorded',
        body: RegisterInputSchema,
        response: { 200: envelopeSchema(RegisteredSchema) },
      },
    },
    async (request) => {
      const registered = await service.register(deps(), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        language: request.language,
      });
      return request.ok(registered, 'registration.registered');
    },
  );

  app.get(
    ApiPath.GetLogisticsTransportAgreement,
    {
      schema: {
        tags,
        summary: 'The current transport agreement, versioned, in the three languages',
        response: { 200: envelopeSchema(TransportAgreementSchema) },
      },
    },
    async (request) => request.ok(await service.getCurrentAgreement(app.db)),
  );

  app.get(
    ApiPath.GetProspectLink,
    {
      schema: {
        tags,
        summary:
          "A prospect link's state (open, submitted, expired, invalid) and, while open, the form's options",
        querystring: ProspectLinkQuerySchema,
        response: { 200: envelopeSchema(ProspectLinkSchema) },
      },
    },
    async (request) =>
      request.ok(
        await prospect.getProspectLink(prospectDeps(), request.query.token, request.ip, request.language),
      ),
  );

  app.post(
    ApiPath.SubmitProspectLink,
    {
      bodyLimit: REGISTRATION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Submit the prospect's company details (once per link)",
        body: ProspectSubmitSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await prospect.submitProspectLink(prospectDeps(), request.body.token, request.body.answers, request.ip);
      return request.ok(null, 'prospect.submitted');
    },
  );
};
