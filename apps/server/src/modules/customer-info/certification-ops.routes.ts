import {
  CERT_PHOTO_KINDS,
  CertificationRejectSchema,
  CertificationSchema,
  PendingCertificationSchema,
} from '@portal/contracts/customer-info';
import { envelopeSchema } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendImage } from './customer-info.routes.ts';
import * as service from './customer-info.service.ts';

/**
 * Certifications in the operations API (`/ops/v1/certifications/...`, registered inside the operations
 * plugin, so the operator key guards them) and `npm run ops -- certification list | approve | reject`,
 * which validate their flags with the same schemas.
 */

export const CertificationOpsPath = {
  Pending: '/ops/v1/certifications/pending',
  Approve: '/ops/v1/certifications/:customerCode/approve',
  Reject: '/ops/v1/certifications/:customerCode/reject',
  Photo: '/ops/v1/certifications/:customerCode/photos/:kind',
} as const;

export const CustomerCodeParamsSchema = z.object({
  customerCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{1,32}$/, 'customerInfo.certification.customerCodeInvalid'),
});

/** Who staff decisions are recorded as (the operations key names no person). */
export const STAFF_OPERATOR = 'operations';

const DecidedSchema = CertificationSchema.extend({ customerCode: z.string() });

export const certificationOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operations'];

  app.get(
    CertificationOpsPath.Pending,
    {
      schema: {
        tags,
        summary: 'Certifications waiting for a decision, oldest first',
        response: { 200: envelopeSchema(z.array(PendingCertificationSchema)) },
      },
    },
    async (request) => request.ok(await service.listPendingCertifications(app.db)),
  );

  app.post(
    CertificationOpsPath.Approve,
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: "Approve a pending certification: its company name becomes the customer's",
        params: CustomerCodeParamsSchema,
        response: { 200: envelopeSchema(DecidedSchema) },
      },
    },
    async (request) => {
      const decided = await service.decideCertification(
        app.db,
        request.params.customerCode,
        { verdict: 'approve' },
        STAFF_OPERATOR,
      );
      return {
        ...request.ok(decided),
        message: request.t('customerInfo.certification.approved', { customerCode: decided.customerCode }),
      };
    },
  );

  app.post(
    CertificationOpsPath.Reject,
    {
      bodyLimit: 2048,
      schema: {
        tags,
        summary: 'Reject a pending certification with a reason the customer reads',
        params: CustomerCodeParamsSchema,
        body: CertificationRejectSchema,
        response: { 200: envelopeSchema(DecidedSchema) },
      },
    },
    async (request) => {
      const decided = await service.decideCertification(
        app.db,
        request.params.customerCode,
        { verdict: 'reject', reason: request.body.reason },
        STAFF_OPERATOR,
      );
      return {
        ...request.ok(decided),
        message: request.t('customerInfo.certification.rejected', { customerCode: decided.customerCode }),
      };
    },
  );

  app.get(
    CertificationOpsPath.Photo,
    {
      schema: {
        tags,
        summary: "A customer's certification photo, for the review",
        params: CustomerCodeParamsSchema.extend({ kind: z.enum(CERT_PHOTO_KINDS) }),
      },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await service.openCertPhotoByCode(
          app.db,
          app.storage,
          request.params.customerCode,
          request.params.kind,
        ),
      ),
  );
};
