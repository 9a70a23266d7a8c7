import { ApiPath } from '@portal/contracts/api-paths';
import type { Certification, CurrUserInfo, UploadedImage } from '@portal/contracts/customer-info';
import { ApiCode } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import jpeg from 'jpeg-js';
import { threadId } from 'node:worker_threads';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { signedInCustomer } from '../support/file-api.ts';
import { GIF_BYTES, HIDDEN_MARKER, makeJpeg, makePng, makeWebp } from '../support/image-fixtures.ts';
import { multipartBody } from '../support/recharge-api.ts';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

/**
 * Issue 20, finding 5: pictures are decoded and encoded on worker threads (lib/image-pool.ts), and the
 * uploads in progress are bounded per customer and server-wide (plugins/images.ts). One thread, five
 * waiting: six uploads at once server-wide, two per customer. No timing is asserted here; the
 * event loop's freedom during large uploads is measured by bench/image-uploads.mjs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ IMAGE_WORKERS: '1', IMAGE_QUEUE: '5', IMAGE_UPLOADS_PER_CUSTOMER: '2' });
});
afterAll(async () => t.close());

const BUSY = {
  'zh-CN': '同时上传的图片过多，请稍后再试',
  'en-US': 'Too many pictures are being uploaded at once; please try again shortly',
  'zh-TW': '同時上傳的圖片過多，請稍後再試',
};
const SERVER_BUSY = {
  'zh-CN': '系统正在处理较多图片，请稍后再试',
  'en-US': 'The server is busy with other pictures; please try again shortly',
  'zh-TW': '系統正在處理較多圖片，請稍後再試',
};
const LANGUAGES = ['zh-CN', 'en-US', 'zh-TW'] as const;

async function upload<T = UploadedImage>(token: string, url: string, bytes: Buffer, language = 'zh-CN') {
  const { payload, contentType } = multipartBody({}, { bytes, name: 'picture.png' });
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'accept-language': language, authorization: `Bearer ${token}`, 'content-type': contentType },
  });
  return response.json() as { code: number; message: string; data: T };
}

async function storedImage(token: string, kind: 'logo' | 'avatar' | 'qrCode') {
  const response = await t.app.inject({
    method: 'GET',
    url: ApiPath.GetProfileImage,
    query: { kind },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return { type: response.headers['content-type'], bytes: response.rawPayload };
}

const images = async (token: string) =>
  (await call<CurrUserInfo>(t.app, { url: ApiPath.GetCurrUserInfo, token })).data.images;

const storedFiles = async (customerId: string) =>
  (await t.app.db.selectFrom('stored_files').select('id').where('customer_id', '=', customerId).execute())
    .length;

describe('picture uploads off the main thread, bounded per customer and server-wide', () => {
  it('decodes on a worker thread; the stored picture decodes with the size it was sent at', async () => {
    const { token } = await signedInCustomer(t.app);
    const before = t.app.imagePool.stats().completed;

    const logo = await upload(token, ApiPath.UploadLogo, makePng(300, 200, { hidden: true }));
    expect(logo).toMatchObject({ code: 200, data: { contentType: 'image/png', width: 300, height: 200 } });
    const avatar = await upload(token, ApiPath.UploadAvatar, makeJpeg(64, 48, { hidden: true }));
    expect(avatar.data).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 48 });
    const qrCode = await upload(token, ApiPath.UploadQrCode, await makeWebp(20, 10, { alpha: true }));
    expect(qrCode.data).toMatchObject({ contentType: 'image/png', width: 20, height: 10 });
    const photo = await upload<Certification>(
      token,
      `${ApiPath.UploadCertPhoto}?kind=licence`,
      makeJpeg(80, 60),
    );
    expect(photo.code).toBe(200);

    // Every one of them went through the pool, on a thread that is not the one serving requests.
    const stats = t.app.imagePool.stats();
    expect(stats.completed - before).toBe(4);
    expect(stats.threadIds.length).toBeGreaterThan(0);
    expect(stats.threadIds).not.toContain(threadId);

    const storedLogo = await storedImage(token, 'logo');
    expect(storedLogo.type).toBe('image/png');
    expect(storedLogo.bytes.includes(HIDDEN_MARKER)).toBe(false);
    const decodedLogo = PNG.sync.read(storedLogo.bytes);
    expect([decodedLogo.width, decodedLogo.height]).toEqual([300, 200]);
    expect(decodedLogo.data).toEqual(PNG.sync.read(makePng(300, 200)).data);
    const storedAvatar = await storedImage(token, 'avatar');
    expect(storedAvatar.bytes.includes(HIDDEN_MARKER)).toBe(false);
    const decodedAvatar = jpeg.decode(storedAvatar.bytes);
    expect([decodedAvatar.width, decodedAvatar.height]).toEqual([64, 48]);
    const decodedQr = PNG.sync.read((await storedImage(token, 'qrCode')).bytes);
    expect([decodedQr.width, decodedQr.height]).toEqual([20, 10]);
  });

  it("refuses a customer's third picture at once while two are in progress, avatars included; others go on", async () => {
    const a = await signedInCustomer(t.app);
    const clerk = await createUser(t.app.db, a.customerId, { permissions: [Permission.OrderView] });
    const clerkToken = (await signIn(t.app, clerk)).jwtToken;
    const b = await signedInCustomer(t.app);
    const picture = makePng(30, 20);

    // Two uploads of customer a in progress (holding the slots they would hold).
    const inProgress = [t.app.imageUploads.acquire(a.customerId), t.app.imageUploads.acquire(a.customerId)];
    for (const language of LANGUAGES) {
      const refused = await upload(a.token, ApiPath.UploadLogo, picture, language);
      expect(refused).toMatchObject({ code: ApiCode.TooManyRequests, message: BUSY[language], data: null });
    }
    // The avatar needs no permission, and is under the same limit.
    expect(await upload(clerkToken, ApiPath.UploadAvatar, picture)).toMatchObject({
      code: ApiCode.TooManyRequests,
      message: BUSY['zh-CN'],
    });
    expect(
      await upload(a.token, `${ApiPath.UploadCertPhoto}?kind=idFront`, makeJpeg(8, 8), 'en-US'),
    ).toMatchObject({ code: ApiCode.TooManyRequests, message: BUSY['en-US'] });
    // Nothing was written for a; customer b is not held up.
    expect(await images(a.token)).toEqual({ logo: null, avatar: null, qrCode: null });
    expect(await storedFiles(a.customerId)).toBe(0);
    expect(await upload(b.token, ApiPath.UploadLogo, picture)).toMatchObject({ code: 200 });

    for (const release of inProgress) release();
    expect(await upload(a.token, ApiPath.UploadLogo, picture)).toMatchObject({ code: 200 });
    expect(await upload(clerkToken, ApiPath.UploadAvatar, picture)).toMatchObject({ code: 200 });
    // The refusals and the uploads gave every slot back.
    expect(t.app.imageUploads.active).toBe(0);
  });

  it('refuses anyone once the threads and the queue are spoken for, and gives slots back on every refusal', async () => {
    const customers = await Promise.all([1, 2, 3, 4].map(() => signedInCustomer(t.app)));
    const d = customers[3]!;
    // One thread + five waiting = six uploads in progress: two each for the first three customers.
    const inProgress = customers
      .slice(0, 3)
      .flatMap((customer) => [
        t.app.imageUploads.acquire(customer.customerId),
        t.app.imageUploads.acquire(customer.customerId),
      ]);
    for (const language of LANGUAGES)
      expect(await upload(d.token, ApiPath.UploadAvatar, makePng(4, 4), language)).toMatchObject({
        code: ApiCode.TooManyRequests,
        message: SERVER_BUSY[language],
      });
    expect(await storedFiles(d.customerId)).toBe(0);
    inProgress.pop()!();
    expect(await upload(d.token, ApiPath.UploadAvatar, makePng(4, 4))).toMatchObject({ code: 200 });
    for (const release of inProgress) release();

    // Refused pictures (type, cut short, malformed body) give their slot back too.
    expect((await upload(d.token, ApiPath.UploadLogo, GIF_BYTES)).code).toBe(ApiCode.BadRequest);
    const cut = makePng(40, 30);
    expect((await upload(d.token, ApiPath.UploadLogo, cut.subarray(0, cut.length - 30))).code).toBe(
      ApiCode.BadRequest,
    );
    const malformed = await t.app.inject({
      method: 'POST',
      url: ApiPath.UploadLogo,
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { authorization: `Bearer ${d.token}`, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(malformed.json()).toMatchObject({ code: ApiCode.BadRequest });
    expect(t.app.imageUploads.active).toBe(0);
  });

  it('takes six pictures at once from three customers, queued for the one thread, and stores each', async () => {
    const customers = await Promise.all([1, 2, 3].map(() => signedInCustomer(t.app)));
    const before = t.app.imagePool.stats().completed;
    const answers = await Promise.all(
      customers.flatMap(({ token }) => [
        upload(token, ApiPath.UploadLogo, makePng(500, 400)),
        upload(token, ApiPath.UploadAvatar, makePng(400, 500)),
      ]),
    );
    expect(answers.map((answer) => answer.code)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(t.app.imagePool.stats()).toMatchObject({ threads: 1, busy: 0, queued: 0 });
    expect(t.app.imagePool.stats().completed - before).toBe(6);
    for (const { token } of customers) {
      const logo = PNG.sync.read((await storedImage(token, 'logo')).bytes);
      expect([logo.width, logo.height]).toEqual([500, 400]);
      const avatar = PNG.sync.read((await storedImage(token, 'avatar')).bytes);
      expect([avatar.width, avatar.height]).toEqual([400, 500]);
    }
    expect(t.app.imageUploads.active).toBe(0);
  });
});
