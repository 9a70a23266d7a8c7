import multipart from '@fastify/multipart';
import { ApiPath } from '@portal/contracts/api-paths';
import {
  CertificationSchema,
  CertPhotoKindQuerySchema,
  CurrUserInfoSchema,
  CustomerPersonInfoSchema,
  ProfileImageKindQuerySchema,
  SubmitCertificationSchema,
  UpdateCustomerPersonInfoSchema,
  UploadedImageSchema,
  type ProfileImageKind,
} from '@portal/contracts/customer-info';
import { ApiCode, envelopeSchema } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { cleanUploadName } from '../file/file-names.ts';
import * as service from './customer-info.service.ts';

/** The profile forms are small: a few hundred characters of JSON. */
const PROFILE_BODY_LIMIT = 8 * 1024;

/**
 * The one picture of a multipart upload. Anything the multipart parser trips over (no boundary, a body
 * cut short, a second file, text fields) is the caller's malformed upload: a localized 400.
 */
async function readImageUpload(request: FastifyRequest, maxBytes: number): Promise<service.ImageUpload> {
  if (!request.isMultipart()) throw new AppError(ApiCode.BadRequest, 'customerInfo.image.noFile');
  let upload: service.ImageUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (upload) throw new AppError(ApiCode.BadRequest, 'customerInfo.image.malformed');
      upload = { bytes, fileName: cleanUploadName(part.filename, 'image') };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw service.imageTooLarge(maxBytes);
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new AppError(ApiCode.BadRequest, 'customerInfo.image.malformed');
  }
  if (!upload) throw new AppError(ApiCode.BadRequest, 'customerInfo.image.noFile');
  return upload;
}

/** A stored picture to its owner: never cached by shared caches, never sniffed as anything else. */
export function sendImage(reply: FastifyReply, image: service.OpenedImage) {
  return reply
    .type(image.contentType)
    .header('Content-Length', image.size)
    .header('Cache-Control', 'private, no-cache')
    .header('Content-Disposition', 'inline')
    .header('X-Content-Type-Options', 'nosniff')
    .send(image.stream);
}

/**
 * `CustomerInfo/*`: the signed-in user and the company's profile, certification and pictures. Reading is
 * open to the customer's users; the company's profile, certification, logo and QR code need org:manage;
 * the avatar is the user's own.
 */
export const customerInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.images;
  const largest = Math.max(limits.maxBytes, limits.certPhotoMaxBytes);
  // Registered in this scope only: one file per upload, refused beyond the larger of the two limits (each
  // route then applies its own).
  await app.register(multipart, {
    limits: { fileSize: largest, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const tags = ['customerInfo'];
  const manage = { permission: Permission.OrgManage };
  const imageDeps = (): service.ImageDeps => ({
    db: app.db,
    storage: app.storage,
    limits,
    pool: app.imagePool,
  });
  /**
   * Every picture upload holds one of the customer's slots (avatars too: no permission, same limits) from
   * before its body is read until it is stored; over the limit it is refused at once (plugins/images.ts).
   */
  const withUploadSlot = async <T>(request: FastifyRequest, upload: () => Promise<T>): Promise<T> => {
    const release = app.imageUploads.acquire(request.auth.customerId);
    try {
      return await upload();
    } finally {
      release();
    }
  };

  app.get(
    ApiPath.GetCurrUserInfo,
    {
      config: { allowInArrears: true, dataScope: 'self' },
      schema: {
        tags,
        summary:
          'The signed-in user and their customer: code, company, contact, level, status, certification',
        response: { 200: envelopeSchema(CurrUserInfoSchema) },
      },
    },
    async (request) =>
      request.ok(await service.getCurrUserInfo(app.db, request.auth, request.language, limits)),
  );

  app.get(
    ApiPath.GetCustomerPersonInfo,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: "The company's editable profile (the phone is shown, changed only by SMS)",
        response: { 200: envelopeSchema(CustomerPersonInfoSchema) },
      },
    },
    async (request) => request.ok(await service.getPersonInfo(app.db, request.auth)),
  );

  app.post(
    ApiPath.UpdateCustomerPersonInfo,
    {
      config: { ...manage, dataScope: 'company' },
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save the contact name, email and company address',
        body: UpdateCustomerPersonInfoSchema,
        response: { 200: envelopeSchema(CustomerPersonInfoSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.updatePersonInfo(app.db, request.auth, request.body),
        'customerInfo.profileSaved',
      ),
  );

  app.get(
    ApiPath.GetCertification,
    {
      config: { ...manage, dataScope: 'company' },
      schema: {
        tags,
        summary: 'The certification: state, submitted facts, photos present, rejection reason',
        response: { 200: envelopeSchema(CertificationSchema) },
      },
    },
    async (request) => request.ok(await service.getCertification(app.db, request.auth.customerId)),
  );

  app.post(
    ApiPath.UploadCertPhoto,
    {
      config: { ...manage, dataScope: 'company' },
      schema: {
        tags,
        summary:
          'Upload a certification photo (multipart `file`; ?kind=licence|idFront|idBack): PNG or JPEG, re-encoded',
        consumes: ['multipart/form-data'],
        querystring: CertPhotoKindQuerySchema,
        response: { 200: envelopeSchema(CertificationSchema) },
      },
    },
    async (request) =>
      withUploadSlot(request, async () => {
        const upload = await readImageUpload(request, limits.certPhotoMaxBytes);
        const certification = await service.uploadCertPhoto(
          imageDeps(),
          request.auth,
          request.query.kind,
          upload,
        );
        return request.ok(certification, 'customerInfo.image.uploaded');
      }),
  );

  app.get(
    ApiPath.GetCertPhoto,
    {
      config: { ...manage, dataScope: 'company' },
      schema: { tags, summary: 'One certification photo', querystring: CertPhotoKindQuerySchema },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await service.openCertPhoto(app.db, app.storage, request.auth.customerId, request.query.kind),
      ),
  );

  app.post(
    ApiPath.SubmitCertification,
    {
      config: { ...manage, dataScope: 'company' },
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Submit the company facts with the uploaded photos: the certification becomes pending',
        body: SubmitCertificationSchema,
        response: { 200: envelopeSchema(CertificationSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.submitCertification(app.db, request.auth, request.body),
        'customerInfo.certification.submitted',
      ),
  );

  const upload = (path: string, kind: ProfileImageKind, summary: string) =>
    app.post(
      path,
      {
        // The avatar is the user's own; the logo and QR code are the company's.
        config:
          kind === 'avatar' ? { dataScope: 'self' as const } : { ...manage, dataScope: 'company' as const },
        schema: {
          tags,
          summary,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(UploadedImageSchema) },
        },
      },
      async (request) =>
        withUploadSlot(request, async () => {
          const file = await readImageUpload(request, limits.maxBytes);
          const stored = await service.uploadProfileImage(imageDeps(), request.auth, kind, file);
          return request.ok(stored, 'customerInfo.image.uploaded');
        }),
    );
  upload(ApiPath.UploadLogo, 'logo', "Upload the company's logo (multipart `file`): PNG or JPEG, re-encoded");
  upload(
    ApiPath.UploadAvatar,
    'avatar',
    "Upload the user's avatar (multipart `file`): PNG or JPEG, re-encoded",
  );
  upload(
    ApiPath.UploadQrCode,
    'qrCode',
    "Upload the company's QR code picture (multipart `file`): PNG or JPEG, re-encoded",
  );

  app.get(
    ApiPath.GetProfileImage,
    {
      config: { allowInArrears: true, dataScope: 'shared' },
      schema: {
        tags,
        summary: "The company's logo or QR code, or the user's own avatar",
        querystring: ProfileImageKindQuerySchema,
      },
    },
    async (request, reply) =>
      sendImage(reply, await service.openProfileImage(app.db, app.storage, request.auth, request.query.kind)),
  );
};
