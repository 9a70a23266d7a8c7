import { ApiPath } from '@portal/contracts/api-paths';
import type {
  Certification,
  CurrUserInfo,
  CustomerPersonInfo,
  PendingCertification,
  UploadedImage,
} from '@portal/contracts/customer-info';
import { ApiCode } from '@portal/contracts/envelope';
import type { NotificationPage } from '@portal/contracts/notification';
import { Permission } from '@portal/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { signedInCustomer } from '../support/file-api.ts';
import {
  GIF_BYTES,
  HIDDEN_MARKER,
  makeJpeg,
  makePng,
  makeWebp,
  pngClaiming,
} from '../support/image-fixtures.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { multipartBody } from '../support/recharge-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

const KEY = 'operator-key-for-the-certification-tests-0123';
/** Small limits, so "too large" and "too many pixels" need small files. */
const MAX_BYTES = 64 * 1024;
const CERT_MAX_BYTES = 128 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_API_KEY: KEY,
    IMAGE_UPLOAD_MAX_BYTES: String(MAX_BYTES),
    CERT_PHOTO_MAX_BYTES: String(CERT_MAX_BYTES),
    IMAGE_MAX_PIXELS: '1000000',
    IMAGE_MAX_SIDE: '2000',
  });
});
afterAll(async () => t.close());

const VALID_USCC = '91350100M000100Y43';

function api(token: string, language = 'zh-CN') {
  const headers = { 'accept-language': language };
  const get = <T>(url: string, query?: Record<string, string>) =>
    call<T>(t.app, { url, token, query, headers });
  const post = <T>(url: string, body: unknown) =>
    call<T>(t.app, { method: 'POST', url, token, body, headers });
  const upload = async <T>(url: string, file?: { bytes: Buffer; name?: string; contentType?: string }) => {
    const { payload, contentType } = multipartBody({}, file);
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': contentType },
    });
    return response.json() as { code: number; message: string; data: T };
  };
  const download = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, authorization: `Bearer ${token}` } });
  return {
    curr: () => get<CurrUserInfo>(ApiPath.GetCurrUserInfo),
    person: () => get<CustomerPersonInfo>(ApiPath.GetCustomerPersonInfo),
    update: (body: unknown) => post<CustomerPersonInfo>(ApiPath.UpdateCustomerPersonInfo, body),
    certification: () => get<Certification>(ApiPath.GetCertification),
    submit: (body: unknown) => post<Certification>(ApiPath.SubmitCertification, body),
    certPhoto: (kind: string, bytes: Buffer) =>
      upload<Certification>(`${ApiPath.UploadCertPhoto}?kind=${kind}`, { bytes, name: `${kind}.jpg` }),
    getCertPhoto: (kind: string) => download(`${ApiPath.GetCertPhoto}?kind=${kind}`),
    upload,
    image: (kind: string) => download(`${ApiPath.GetProfileImage}?kind=${kind}`),
  };
}

const ops = (method: 'GET' | 'POST', url: string, body?: unknown, key = KEY) =>
  call<(Certification & { customerCode: string }) | PendingCertification[]>(t.app, {
    method,
    url,
    body,
    headers: { 'x-operator-key': key, 'accept-language': 'en-US' },
  });

const storedFiles = (customerId: string) =>
  t.app.db.selectFrom('stored_files').selectAll().where('customer_id', '=', customerId).execute();

async function customerCode(customerId: string) {
  const row = await t.app.db
    .selectFrom('customers')
    .select('code')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.code;
}

const facts = { companyName: '厦门示例物流有限公司', creditCode: VALID_USCC, legalRepresentative: '张三' };

describe(`customer profile on ${ENGINE}`, () => {
  it('shows the user and customer, saves the profile, and never takes the phone here', async () => {
    const { token } = await signedInCustomer(t.app);
    const curr = await api(token).curr();
    expect(curr.code).toBe(ApiCode.Ok);
    expect(curr.data.customer).toMatchObject({ status: 'active', certificationState: 'none' });
    expect(curr.data.customer.levelName).not.toBe('');
    expect(curr.data.images).toEqual({ logo: null, avatar: null, qrCode: null });
    expect(curr.data.uploadLimits).toEqual({ imageMaxBytes: MAX_BYTES, certPhotoMaxBytes: CERT_MAX_BYTES });

    const saved = await api(token).update({
      contactName: '  李四\u200b ',
      email: 'ops@example.com',
      companyAddress: '厦门市思明区示例路 1 号',
    });
    expect([saved.code, saved.message]).toEqual([ApiCode.Ok, '资料已保存']);
    expect(saved.data).toMatchObject({
      contactName: '李四',
      email: 'ops@example.com',
      companyAddress: '厦门市思明区示例路 1 号',
    });
    expect((await api(token).person()).data).toEqual(saved.data);
    expect((await api(token).curr()).data.customer.contactName).toBe('李四');

    const withPhone = await api(token, 'en-US').update({ contactName: 'A', phone: '13800000000' });
    expect(withPhone.code).toBe(ApiCode.BadRequest);
    expect((await api(token).person()).data.contactName).toBe('李四');
  });

  it('refuses control characters, bad emails, oversized bodies, and a user without org:manage', async () => {
    const { token, customerId } = await signedInCustomer(t.app);
    const before = (await api(token).person()).data;
    const refusals = await Promise.all([
      api(token, 'en-US').update({ contactName: 'Li\u0000Si' }),
      api(token, 'en-US').update({ contactName: 'Li\u202eSi' }),
      api(token, 'en-US').update({ contactName: 'x'.repeat(51) }),
      api(token, 'en-US').update({ contactName: 'Li', email: 'not-an-email' }),
      api(token, 'en-US').update({ contactName: '   ' }),
      api(token, 'en-US').update({ contactName: 'Li', companyAddress: 'x'.repeat(20_000) }),
    ]);
    for (const refusal of refusals) expect(refusal.code).toBe(ApiCode.BadRequest);
    expect(refusals[0]!.message).not.toBe('');
    expect(JSON.stringify(refusals[0]!.data)).toContain('control character');
    expect(JSON.stringify(refusals[3]!.data)).toContain('email address is not valid');

    const sub = await createUser(t.app.db, customerId, { permissions: [Permission.OrderView] });
    const subToken = (await signIn(t.app, sub)).jwtToken;
    const forbidden = await api(subToken).update({ contactName: 'Sub' });
    expect(forbidden.code).toBe(ApiCode.Forbidden);
    // Reading is open to every user of the customer.
    expect((await api(subToken).person()).code).toBe(ApiCode.Ok);
    expect((await api(token).person()).data).toEqual(before);
  });

  it("keeps customers apart: another customer's profile and pictures are never seen", async () => {
    const a = await signedInCustomer(t.app);
    const b = await signedInCustomer(t.app);
    await api(a.token).update({ contactName: 'Alice A', email: 'a@example.com' });
    expect((await api(a.token).upload(ApiPath.UploadLogo, { bytes: makePng() })).code).toBe(ApiCode.Ok);
    expect((await api(b.token).person()).data.contactName).toBe('Tester');
    const bLogo = await api(b.token, 'en-US').image('logo');
    expect(bLogo.headers['content-type']).not.toContain('image/');
    expect(bLogo.json()).toMatchObject({
      code: ApiCode.NotFound,
      message: 'This picture has not been uploaded',
    });
    expect((await api(a.token).image('logo')).statusCode).toBe(200);
  });
});

describe(`pictures on ${ENGINE}`, () => {
  it('re-encodes logo, avatar and QR code: nothing hidden survives; the owner gets them back', async () => {
    const { token, customerId } = await signedInCustomer(t.app);
    const logo = await api(token).upload<UploadedImage>(ApiPath.UploadLogo, {
      bytes: makePng(6, 4, { hidden: true }),
    });
    expect(logo.code).toBe(ApiCode.Ok);
    expect(logo.data).toMatchObject({ contentType: 'image/png', width: 6, height: 4 });
    const avatar = await api(token).upload<UploadedImage>(ApiPath.UploadAvatar, {
      bytes: makeJpeg(16, 16, { hidden: true }),
    });
    expect(avatar.data).toMatchObject({ contentType: 'image/jpeg', width: 16, height: 16 });
    const qr = await api(token).upload<UploadedImage>(ApiPath.UploadQrCode, {
      bytes: await makeWebp(8, 8, { hidden: true }),
    });
    expect(qr.data).toMatchObject({ contentType: 'image/jpeg', width: 8, height: 8 });

    for (const kind of ['logo', 'avatar', 'qrCode']) {
      const served = await api(token).image(kind);
      expect(served.statusCode).toBe(200);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes(HIDDEN_MARKER)).toBe(false);
      expect(served.rawPayload.includes('Exif')).toBe(false);
    }
    expect((await api(token).image('avatar')).headers['content-type']).toBe('image/jpeg');
    const images = (await api(token).curr()).data.images;
    expect(images.logo).toBe(logo.data.uploadedAt);

    // Replacing the logo keeps one logo file, not two.
    await api(token).upload(ApiPath.UploadLogo, { bytes: makePng(3, 3) });
    const files = await storedFiles(customerId);
    expect(files.filter((file) => file.file_name.startsWith('logo.'))).toHaveLength(1);
    expect(files.every((file) => file.purpose === 'image')).toBe(true);
    expect(files).toHaveLength(3);
  });

  it('refuses wrong types, lies about type, huge dimensions, oversize, empty and malformed uploads, writing nothing', async () => {
    const { token, customerId } = await signedInCustomer(t.app);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200, 1)]);
    const refusals = [
      await api(token, 'en-US').upload(ApiPath.UploadLogo, { bytes: GIF_BYTES, name: 'logo.png' }),
      await api(token, 'en-US').upload(ApiPath.UploadLogo, {
        bytes: exe,
        name: 'logo.png',
        contentType: 'image/png',
      }),
      await api(token, 'en-US').upload(ApiPath.UploadLogo, {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        name: 'logo.svg',
      }),
      await api(token, 'en-US').upload(ApiPath.UploadLogo, { bytes: pngClaiming(100_000, 100_000) }),
      await api(token, 'en-US').upload(ApiPath.UploadLogo, { bytes: pngClaiming(100, 100) }),
      await api(token, 'en-US').upload(ApiPath.UploadLogo, {
        bytes: Buffer.concat([makePng(), Buffer.alloc(MAX_BYTES)]),
      }),
      await api(token, 'en-US').upload(ApiPath.UploadAvatar, { bytes: Buffer.alloc(CERT_MAX_BYTES + 10) }),
      await api(token, 'en-US').upload(ApiPath.UploadLogo, { bytes: Buffer.alloc(0) }),
      await api(token, 'en-US').upload(ApiPath.UploadLogo),
    ];
    expect(refusals.map((answer) => answer.code)).toEqual(refusals.map(() => ApiCode.BadRequest));
    expect(refusals.map((answer) => answer.message)).toEqual([
      'Only PNG, JPEG or WebP pictures can be uploaded (judged by the content, not the file name)',
      'Only PNG, JPEG or WebP pictures can be uploaded (judged by the content, not the file name)',
      'Only PNG, JPEG or WebP pictures can be uploaded (judged by the content, not the file name)',
      'The picture is too big: at most 2000 pixels a side and 1 megapixels in all',
      'The picture is damaged or cannot be read; please use another one',
      'The picture must be at most 0.1 MB',
      'The picture must be at most 0.1 MB',
      'The picture is an empty file',
      'Please choose a picture to upload',
    ]);
    const cut = await t.app.inject({
      method: 'POST',
      url: ApiPath.UploadLogo,
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=abc', authorization: `Bearer ${token}` },
    });
    expect(cut.json()).toMatchObject({ code: ApiCode.BadRequest });
    const json = await t.app.inject({
      method: 'POST',
      url: ApiPath.UploadLogo,
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(json.json()).toMatchObject({ code: ApiCode.BadRequest });
    expect(await storedFiles(customerId)).toHaveLength(0);
    expect((await api(token).curr()).data.images.logo).toBeNull();
  });

  it('lets any user set their own avatar, but only org:manage the company logo and QR code', async () => {
    const { customerId } = await signedInCustomer(t.app);
    const sub = await createUser(t.app.db, customerId, { permissions: [Permission.OrderView] });
    const subToken = (await signIn(t.app, sub)).jwtToken;
    expect((await api(subToken).upload(ApiPath.UploadAvatar, { bytes: makePng() })).code).toBe(ApiCode.Ok);
    expect((await api(subToken).upload(ApiPath.UploadLogo, { bytes: makePng() })).code).toBe(
      ApiCode.Forbidden,
    );
    expect((await api(subToken).upload(ApiPath.UploadQrCode, { bytes: makePng() })).code).toBe(
      ApiCode.Forbidden,
    );
    expect(await storedFiles(customerId)).toHaveLength(1);
  });
});

describe(`certification on ${ENGINE}`, () => {
  it('goes none → pending → rejected → pending → verified, refusing every illegal step', async () => {
    const { token, customerId } = await signedInCustomer(t.app);
    const code = await customerCode(customerId);
    const me = api(token, 'en-US');
    expect((await me.certification()).data).toMatchObject({ state: 'none', canSubmit: true });

    const early = await me.submit(facts);
    expect([early.code, early.message]).toEqual([
      ApiCode.BadRequest,
      'Please upload the business license and both sides of the ID card first (3 missing)',
    ]);
    expect((await me.certPhoto('licence', makeJpeg(32, 20, { hidden: true }))).code).toBe(ApiCode.Ok);
    expect((await me.submit(facts)).message).toContain('(2 missing)');
    expect((await me.certPhoto('idFront', makeJpeg())).code).toBe(ApiCode.Ok);
    const third = await me.certPhoto('idBack', makePng());
    expect(third.data.photos.idBack).not.toBeNull();
    expect((await me.certPhoto('passport', makePng())).code).toBe(ApiCode.BadRequest);

    const served = await me.getCertPhoto('licence');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(HIDDEN_MARKER)).toBe(false);

    const badCode = await me.submit({ ...facts, creditCode: '91350100M000100Y44' });
    expect(badCode.code).toBe(ApiCode.BadRequest);
    expect(JSON.stringify(badCode.data)).toContain('check character');
    expect((await me.submit({ ...facts, legalRepresentative: 'A\u0007' })).code).toBe(ApiCode.BadRequest);
    expect((await me.submit({ ...facts, extra: 1 })).code).toBe(ApiCode.BadRequest);

    const submitted = await me.submit({ ...facts, creditCode: ' 91350100m000100y43 ' });
    expect(submitted.code).toBe(ApiCode.Ok);
    expect(submitted.data).toMatchObject({ state: 'pending', creditCode: VALID_USCC, canSubmit: false });
    expect((await me.curr()).data.customer.certificationState).toBe('pending');

    // Pending: nothing changes until staff decide.
    const again = await me.submit(facts);
    expect([again.code, again.message]).toEqual([
      ApiCode.Conflict,
      'The certification is under review and cannot be changed until it is decided',
    ]);
    expect((await me.certPhoto('licence', makePng())).code).toBe(ApiCode.Conflict);

    const pending = (await ops('GET', '/ops/v1/certifications/pending')).data as PendingCertification[];
    expect(pending.find((row) => row.customerCode === code)).toMatchObject({ creditCode: VALID_USCC });
    const staffPhoto = await t.app.inject({
      method: 'GET',
      url: `/ops/v1/certifications/${code}/photos/idFront`,
      headers: { 'x-operator-key': KEY },
    });
    expect([staffPhoto.statusCode, staffPhoto.headers['content-type']]).toEqual([200, 'image/jpeg']);

    expect((await ops('POST', `/ops/v1/certifications/${code}/reject`, { reason: ' ' })).code).toBe(
      ApiCode.BadRequest,
    );
    expect((await ops('POST', `/ops/v1/certifications/${code}/reject`, { reason: 'x\u0000' })).code).toBe(
      ApiCode.BadRequest,
    );
    const rejected = await ops('POST', `/ops/v1/certifications/${code.toLowerCase()}/reject`, {
      reason: '营业执照照片模糊，请重新上传',
    });
    expect(rejected.code).toBe(ApiCode.Ok);
    expect(rejected.message).toBe(`Customer ${code}'s certification rejected`);
    expect((await me.certification()).data).toMatchObject({
      state: 'rejected',
      rejectReason: '营业执照照片模糊，请重新上传',
      canSubmit: true,
    });
    // The decision tells the customer, in the reader's language, with the reason.
    const notices = await call<NotificationPage>(t.app, {
      method: 'POST',
      url: ApiPath.QueryNotification,
      token,
      body: { kind: 'certification_decided' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(notices.data.list).toEqual([
      expect.objectContaining({
        title: 'Company certification rejected',
        body: 'The certification you submitted was rejected: 营业执照照片模糊，请重新上传. Please correct it and submit again.',
        link: '/user/userCenterManagement/userCenter?tab=certification',
      }),
    ]);
    // Deciding what is no longer pending is refused.
    const twice = await ops('POST', `/ops/v1/certifications/${code}/approve`);
    expect([twice.code, twice.message]).toEqual([
      ApiCode.Conflict,
      `Customer ${code} has no certification waiting for a decision`,
    ]);

    // Rejected: replace a photo and submit again.
    expect((await me.certPhoto('licence', makePng(10, 10))).code).toBe(ApiCode.Ok);
    expect((await me.certification()).data.state).toBe('rejected');
    expect((await me.submit(facts)).data).toMatchObject({ state: 'pending', rejectReason: null });
    const approved = await ops('POST', `/ops/v1/certifications/${code}/approve`);
    expect(approved.data).toMatchObject({ state: 'verified' });
    expect((await me.curr()).data.customer).toMatchObject({
      certificationState: 'verified',
      companyName: facts.companyName,
    });
    expect((await ops('POST', `/ops/v1/certifications/${code}/reject`, { reason: 'late' })).code).toBe(
      ApiCode.Conflict,
    );
    const kinds = await t.app.db
      .selectFrom('notifications')
      .select('title_key')
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .execute();
    expect(kinds.map((row) => row.title_key)).toEqual([
      'customerInfo.notice.rejected.title',
      'customerInfo.notice.verified.title',
    ]);
    const locked = await me.certPhoto('idBack', makePng());
    expect([locked.code, locked.message]).toEqual([
      ApiCode.Conflict,
      'The company is already certified; its certification cannot be changed',
    ]);
    expect((await me.submit(facts)).code).toBe(ApiCode.Conflict);
    // The replaced licence photo is gone; the three current photos remain.
    expect((await storedFiles(customerId)).filter((file) => file.purpose === 'certificate')).toHaveLength(3);
  });

  it('keeps certifications per customer and behind org:manage and the operator key', async () => {
    const a = await signedInCustomer(t.app);
    const b = await signedInCustomer(t.app);
    await api(a.token).certPhoto('licence', makePng());
    expect((await api(b.token).certification()).data.photos.licence).toBeNull();
    expect((await api(b.token).getCertPhoto('licence')).json()).toMatchObject({ code: ApiCode.NotFound });

    const sub = await createUser(t.app.db, a.customerId, { permissions: [Permission.OrderView] });
    const subToken = (await signIn(t.app, sub)).jwtToken;
    expect((await api(subToken).certification()).code).toBe(ApiCode.Forbidden);
    expect((await api(subToken).certPhoto('idFront', makePng())).code).toBe(ApiCode.Forbidden);
    expect((await api(subToken).submit(facts)).code).toBe(ApiCode.Forbidden);

    const code = await customerCode(a.customerId);
    const noKey = await ops('POST', `/ops/v1/certifications/${code}/approve`, undefined, 'wrong-key');
    expect(noKey.httpStatus).toBe(401);
    expect((await ops('POST', '/ops/v1/certifications/NOPE-1/approve')).code).toBe(ApiCode.NotFound);
    expect((await ops('POST', '/ops/v1/certifications/bad%20code/approve')).code).toBe(ApiCode.BadRequest);
    // Never submitted: nothing to decide.
    expect((await ops('POST', `/ops/v1/certifications/${code}/approve`)).code).toBe(ApiCode.Conflict);
  });

  it('is decided from the command line too: list, reject with a reason, approve', async () => {
    const { token, customerId } = await signedInCustomer(t.app);
    const code = await customerCode(customerId);
    for (const kind of ['licence', 'idFront', 'idBack']) await api(token).certPhoto(kind, makePng());
    await api(token).submit(facts);

    const listed = await runOpsCli(t.config, ['certification', 'list', '--lang', 'en-US']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(code);
    const rejected = await runOpsCli(t.config, [
      'certification',
      'reject',
      '--customer',
      code,
      '--reason',
      'ID photo unreadable',
      '--lang',
      'en-US',
    ]);
    expect([rejected.code, rejected.stdout]).toEqual([
      0,
      expect.stringContaining(`Customer ${code}'s certification rejected`),
    ]);
    const refused = await runOpsCli(t.config, ['certification', 'approve', '--customer', code]);
    expect(refused.code).toBe(1);
    expect((await api(token).certification()).data.rejectReason).toBe('ID photo unreadable');
  }, 240_000); // Each command starts the command line afresh (tsx): slow on a busy machine.
});
