import {
  CERT_PHOTO_KINDS,
  CertificationState,
  type Certification,
  type CertPhotoKind,
  type CurrUserInfo,
  type CustomerPersonInfo,
  type PendingCertification,
  type ProfileImageKind,
  type SubmitCertificationSchema,
  type UpdateCustomerPersonInfoSchema,
  type UploadedImage,
} from '@portal/contracts/customer-info';
import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { CustomerCertificationsTable } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { ImagePoolFull, type ImagePool } from '../../lib/image-pool.ts';
import { ImageRejected, inspectImage } from '../../lib/images.ts';
import { StoredFileMissing, type FileStorage } from '../../lib/storage/index.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { localize } from '../application/application.service.ts';
import { insertFile } from '../file/file.repository.ts';
import { notifyCertificationDecided } from './certification-notice.ts';
import './customer-info.messages.ts';
import * as repo from './customer-info.repository.ts';

export interface ImageDeps {
  db: Db;
  storage: FileStorage;
  limits: AppConfig['images'];
  /** The worker threads that decode and encode pictures (plugins/images.ts). */
  pool: ImagePool;
}

export interface ImageUpload {
  bytes: Buffer;
  fileName: string;
}

// ---------------------------------------------------------------------------------------------------
// The signed-in user and the company's profile
// ---------------------------------------------------------------------------------------------------

export async function getCurrUserInfo(
  db: Db,
  auth: AuthContext,
  language: Language,
  limits: AppConfig['images'],
): Promise<CurrUserInfo> {
  const row = await repo.findCurrentUser(db, auth.customerId, auth.userId);
  if (!row) throw notFound();
  return {
    userId: row.id,
    loginName: row.login_name,
    userName: row.display_name,
    userType: row.user_type,
    phone: row.phone,
    email: row.email,
    customer: {
      customerCode: row.customer_code,
      companyName: row.company_name,
      contactName: row.contact_name,
      levelCode: row.level_code,
      levelName: localize(row.level_name, language),
      discountPercent: row.discount_percent,
      status: row.customer_status,
      certificationState: row.certification_state ?? CertificationState.None,
    },
    uploadLimits: { imageMaxBytes: limits.maxBytes, certPhotoMaxBytes: limits.certPhotoMaxBytes },
    images: { logo: row.logo_updated_at, avatar: row.avatar_updated_at, qrCode: row.qr_code_updated_at },
  };
}

export async function getPersonInfo(db: Db, auth: AuthContext): Promise<CustomerPersonInfo> {
  const row = await repo.findCustomer(db, auth.customerId);
  if (!row) throw notFound();
  return {
    customerCode: row.code,
    companyName: row.company_name,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    companyAddress: row.company_address,
    updatedAt: row.profile_updated_at,
  };
}

/** Replaces the editable fields; the phone is not one of them (it changes through an SMS code). */
export async function updatePersonInfo(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof UpdateCustomerPersonInfoSchema>,
): Promise<CustomerPersonInfo> {
  await repo.updateCustomer(db, auth.customerId, {
    contact_name: input.contactName,
    email: input.email ?? null,
    company_address: input.companyAddress ?? null,
    profile_updated_at: nowIso(),
  });
  return getPersonInfo(db, auth);
}

// ---------------------------------------------------------------------------------------------------
// Pictures: checked, re-encoded, stored; served to the owner
// ---------------------------------------------------------------------------------------------------

export const imageTooLarge = (maxBytes: number) =>
  new AppError(ApiCode.BadRequest, 'customerInfo.image.tooLarge', {
    megabytes: Math.round((maxBytes / 1024 / 1024) * 10) / 10,
  });

/**
 * The upload made harmless, or a localized refusal saying what is wrong with it. The header is read here
 * (type and pixel size refused before the picture waits for a thread); decoding and encoding run on a
 * worker thread of the pool, never on the event loop.
 */
async function cleanImage(deps: ImageDeps, upload: ImageUpload, maxBytes: number) {
  const { limits } = deps;
  if (upload.bytes.length === 0) throw new AppError(ApiCode.BadRequest, 'customerInfo.image.empty');
  if (upload.bytes.length > maxBytes) throw imageTooLarge(maxBytes);
  try {
    inspectImage(upload.bytes, limits);
    return await deps.pool.run(upload.bytes, { maxPixels: limits.maxPixels, maxSide: limits.maxSide });
  } catch (error) {
    if (error instanceof ImagePoolFull) throw new AppError(ApiCode.TooManyRequests, 'image.serverBusy');
    if (!(error instanceof ImageRejected)) throw error;
    if (error.problem === 'type') throw new AppError(ApiCode.BadRequest, 'customerInfo.image.type');
    if (error.problem === 'dimensions')
      throw new AppError(ApiCode.BadRequest, 'customerInfo.image.dimensions', {
        maxSide: limits.maxSide,
        megapixels: Math.round(limits.maxPixels / 100_000) / 10,
      });
    throw new AppError(ApiCode.BadRequest, 'customerInfo.image.corrupt');
  }
}

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/**
 * Stores a cleaned picture as a stored file and runs `attach` (which points the profile or the
 * certification at it) in one transaction with the file's row. The bytes are written first; if the
 * transaction fails they are deleted again, so nothing is half-written. Answers the replaced file's id
 * (deleted after the commit).
 */
async function storeImage(
  deps: ImageDeps,
  auth: AuthContext,
  purpose: 'image' | 'certificate',
  name: string,
  image: Awaited<ReturnType<typeof cleanImage>>,
  attach: (trx: Db, fileId: string, at: string) => Promise<string | null>,
): Promise<UploadedImage> {
  const fileId = newId();
  const key = `uploads/${auth.customerId}/${fileId}`;
  const at = nowIso();
  await deps.storage.put(key, image.bytes, image.contentType);
  let replaced: string | null;
  try {
    replaced = await deps.db.transaction().execute(async (trx) => {
      await insertFile(trx, {
        id: fileId,
        customer_id: auth.customerId,
        file_name: `${name}.${EXTENSION[image.contentType]}`,
        content_type: image.contentType,
        file_size: image.bytes.length,
        purpose,
        storage_key: key,
        uploaded_by: auth.userId,
        created_at: at,
      });
      const old = await attach(trx, fileId, at);
      if (old) await repo.deleteStoredFile(trx, auth.customerId, old);
      return old;
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (replaced) await deps.storage.delete(`uploads/${auth.customerId}/${replaced}`).catch(() => undefined);
  return {
    contentType: image.contentType,
    fileSize: image.bytes.length,
    width: image.width,
    height: image.height,
    uploadedAt: at,
  };
}

/** Logo and QR code belong to the company, the avatar to the user. */
export async function uploadProfileImage(
  deps: ImageDeps,
  auth: AuthContext,
  kind: ProfileImageKind,
  upload: ImageUpload,
): Promise<UploadedImage> {
  const image = await cleanImage(deps, upload, deps.limits.maxBytes);
  return storeImage(deps, auth, 'image', kind, image, async (trx, fileId, at) => {
    if (kind === 'avatar') {
      const old = await repo.findAvatar(trx, auth.customerId, auth.userId);
      await repo.setAvatar(trx, auth.customerId, auth.userId, fileId, at);
      return old?.file_id ?? null;
    }
    const customer = await repo.findCustomer(trx, auth.customerId);
    if (kind === 'logo') {
      await repo.updateCustomer(trx, auth.customerId, { logo_file_id: fileId, logo_updated_at: at });
      return customer?.logo_file_id ?? null;
    }
    await repo.updateCustomer(trx, auth.customerId, { qr_code_file_id: fileId, qr_code_updated_at: at });
    return customer?.qr_code_file_id ?? null;
  });
}

export interface OpenedImage {
  stream: Readable;
  contentType: string;
  size: number;
}

async function openStored(db: Db, storage: FileStorage, customerId: string, fileId: string | null) {
  const file = fileId ? await repo.findStoredFile(db, customerId, fileId) : undefined;
  if (!file) throw new AppError(ApiCode.NotFound, 'customerInfo.image.none');
  try {
    return {
      stream: await storage.get(file.storage_key),
      contentType: file.content_type,
      size: file.file_size,
    } satisfies OpenedImage;
  } catch (error) {
    if (error instanceof StoredFileMissing) throw new AppError(ApiCode.NotFound, 'customerInfo.image.none');
    throw error;
  }
}

export async function openProfileImage(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  kind: ProfileImageKind,
): Promise<OpenedImage> {
  if (kind === 'avatar') {
    const user = await repo.findAvatar(db, auth.customerId, auth.userId);
    return openStored(db, storage, auth.customerId, user?.file_id ?? null);
  }
  const customer = await repo.findCustomer(db, auth.customerId);
  const fileId = kind === 'logo' ? customer?.logo_file_id : customer?.qr_code_file_id;
  return openStored(db, storage, auth.customerId, fileId ?? null);
}

// ---------------------------------------------------------------------------------------------------
// Certification: none → pending → verified / rejected (→ pending again)
// ---------------------------------------------------------------------------------------------------

/**
 * States in which the customer may replace photos and submit; also `pending` before anything was
 * submitted (a registered customer starts there: "pending certification", its documents still to come).
 */
const EDITABLE_STATES = [CertificationState.None, CertificationState.Rejected] as const;
const isEditable = (row: { state: string; submitted_at: string | null } | undefined) =>
  !row ||
  (EDITABLE_STATES as readonly string[]).includes(row.state) ||
  (row.state === CertificationState.Pending && row.submitted_at === null);

/**
 * Registration (modules/registration) opens the certification as `pending` with the registered company
 * name, inside its transaction; the customer then uploads the photos and submits for staff's decision.
 */
export async function openRegisteredCertification(trx: Db, customerId: string, companyName: string) {
  await repo.insertPendingCertification(trx, customerId, companyName, nowIso());
}

const PHOTO_COLUMNS = {
  licence: { file: 'licence_file_id', at: 'licence_uploaded_at' },
  idFront: { file: 'id_front_file_id', at: 'id_front_uploaded_at' },
  idBack: { file: 'id_back_file_id', at: 'id_back_uploaded_at' },
} as const satisfies Record<
  CertPhotoKind,
  { file: keyof CustomerCertificationsTable; at: keyof CustomerCertificationsTable }
>;

type CertificationRow = NonNullable<Awaited<ReturnType<typeof repo.findCertification>>>;

function toCertification(row: CertificationRow | undefined): Certification {
  const state = row?.state ?? CertificationState.None;
  return {
    state,
    companyName: row?.company_name ?? null,
    creditCode: row?.credit_code ?? null,
    legalRepresentative: row?.legal_representative ?? null,
    photos: {
      licence: row?.licence_uploaded_at ?? null,
      idFront: row?.id_front_uploaded_at ?? null,
      idBack: row?.id_back_uploaded_at ?? null,
    },
    submittedAt: row?.submitted_at ?? null,
    decidedAt: row?.decided_at ?? null,
    rejectReason: row?.reject_reason ?? null,
    canSubmit: isEditable(row),
  };
}

export async function getCertification(db: Db, customerId: string): Promise<Certification> {
  return toCertification(await repo.findCertification(db, customerId));
}

const certificationLocked = (state: string) =>
  conflict(
    state === CertificationState.Verified
      ? 'customerInfo.certification.alreadyVerified'
      : 'customerInfo.certification.underReview',
  );

/** `UploadCertPhoto`: one of the three photos, replaced while the certification is none or rejected. */
export async function uploadCertPhoto(
  deps: ImageDeps,
  auth: AuthContext,
  kind: CertPhotoKind,
  upload: ImageUpload,
): Promise<Certification> {
  // Refused before the picture is decoded: a locked certification should not cost the decoding.
  const current = await repo.findCertification(deps.db, auth.customerId);
  if (current && !isEditable(current)) throw certificationLocked(current.state);
  const image = await cleanImage(deps, upload, deps.limits.certPhotoMaxBytes);
  const columns = PHOTO_COLUMNS[kind];
  await storeImage(deps, auth, 'certificate', `certification-${kind}`, image, async (trx, fileId, at) => {
    await repo.ensureCertification(trx, auth.customerId, at);
    const row = await repo.findCertification(trx, auth.customerId);
    const changed = await repo.updateCertificationIn(
      trx,
      auth.customerId,
      EDITABLE_STATES,
      { [columns.file]: fileId, [columns.at]: at, updated_at: at },
      { orAwaitingDocuments: true },
    );
    if (!changed) throw certificationLocked(row?.state ?? CertificationState.Pending);
    return row?.[columns.file] ?? null;
  });
  return getCertification(deps.db, auth.customerId);
}

export async function openCertPhoto(
  db: Db,
  storage: FileStorage,
  customerId: string,
  kind: CertPhotoKind,
): Promise<OpenedImage> {
  const row = await repo.findCertification(db, customerId);
  return openStored(db, storage, customerId, row?.[PHOTO_COLUMNS[kind].file] ?? null);
}

/** `SubmitCertification`: the company facts with the three photos go to staff (state pending). */
export async function submitCertification(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof SubmitCertificationSchema>,
): Promise<Certification> {
  const at = nowIso();
  await repo.ensureCertification(db, auth.customerId, at);
  const changed = await repo.updateCertificationIn(
    db,
    auth.customerId,
    EDITABLE_STATES,
    {
      state: CertificationState.Pending,
      company_name: input.companyName,
      credit_code: input.creditCode,
      legal_representative: input.legalRepresentative,
      submitted_at: at,
      submitted_by: auth.userId,
      decided_at: null,
      decided_by: null,
      reject_reason: null,
      updated_at: at,
    },
    { photosComplete: true, orAwaitingDocuments: true },
  );
  if (!changed) {
    const row = await repo.findCertification(db, auth.customerId);
    if (row && !isEditable(row)) throw certificationLocked(row.state);
    const missing = CERT_PHOTO_KINDS.filter((kind) => !row?.[PHOTO_COLUMNS[kind].file]);
    throw new AppError(
      ApiCode.BadRequest,
      'customerInfo.certification.photosMissing',
      {
        count: missing.length,
      },
      { missing },
    );
  }
  return getCertification(db, auth.customerId);
}

// ---------------------------------------------------------------------------------------------------
// Staff (operations API and `npm run ops -- certification …`)
// ---------------------------------------------------------------------------------------------------

/** At most this many pending certifications in one answer (oldest first: they waited longest). */
const PENDING_LIST_LIMIT = 200;

export async function listPendingCertifications(db: Db): Promise<PendingCertification[]> {
  const rows = await repo.listPendingCertifications(db, PENDING_LIST_LIMIT);
  return rows.map((row) => ({
    customerCode: row.customer_code,
    companyName: row.company_name ?? '',
    creditCode: row.credit_code ?? '',
    legalRepresentative: row.legal_representative ?? '',
    submittedAt: row.submitted_at ?? '',
  }));
}

async function customerByCode(db: Db, customerCode: string) {
  const customer = await repo.findCustomerByCode(db, customerCode);
  if (!customer)
    throw new AppError(ApiCode.NotFound, 'customerInfo.certification.customerNotFound', {
      customerCode,
    });
  return customer;
}

export type CertificationDecision = { verdict: 'approve' } | { verdict: 'reject'; reason: string };

/**
 * Staff's decision on a pending certification. Approving makes the certified company name the
 * customer's; either way the customer is told (certification-notice.ts). Only a pending certification
 * can be decided: deciding twice, or one never submitted, is refused.
 */
export async function decideCertification(
  db: Db,
  customerCode: string,
  decision: CertificationDecision,
  staff: string,
): Promise<Certification & { customerCode: string }> {
  const customer = await customerByCode(db, customerCode);
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    // Only a submitted certification is decided (a registration's pending row waits for its documents).
    const changed = await repo.updateCertificationIn(
      trx,
      customer.id,
      [CertificationState.Pending],
      {
        state: decision.verdict === 'approve' ? CertificationState.Verified : CertificationState.Rejected,
        decided_at: at,
        decided_by: staff,
        reject_reason: decision.verdict === 'reject' ? decision.reason : null,
        updated_at: at,
      },
      { submitted: true },
    );
    if (!changed) throw conflict('customerInfo.certification.notPending', { customerCode: customer.code });
    if (decision.verdict === 'approve') {
      const row = await repo.findCertification(trx, customer.id);
      if (row?.company_name) await repo.updateCustomer(trx, customer.id, { company_name: row.company_name });
    }
    await notifyCertificationDecided(trx, customer.id, decision, at);
  });
  const certification = await getCertification(db, customer.id);
  return { ...certification, customerCode: customer.code };
}

export async function openCertPhotoByCode(
  db: Db,
  storage: FileStorage,
  customerCode: string,
  kind: CertPhotoKind,
) {
  const customer = await customerByCode(db, customerCode);
  return openCertPhoto(db, storage, customer.id, kind);
}
