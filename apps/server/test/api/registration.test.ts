import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import { Role } from '@portal/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/modules/registration/registration-tokens.ts';
import { makeJpeg } from '../support/image-fixtures.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { multipartBody } from '../support/recharge-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/**
 * Registration and the prospect link, through the sandbox SMS outbox. Every test uses its own phones and
 * client address (x-forwarded-for), so cooldowns and per-address limits never cross tests.
 */

const KEY = 'operator-key-for-registration-tests-0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    OPERATOR_API_KEY: KEY,
    REGISTER_PER_ADDRESS: '3',
    PROSPECT_REQUESTS_PER_ADDRESS: '6',
    SEED_DEMO_ORDERS: 'false',
  });
});
afterAll(async () => t.close());

let sequence = 0;
const newPhone = () =>
  `137${String(process.pid % 10_000).padStart(4, '0')}${String(sequence++).padStart(4, '0')}`;
const newAddress = () => `10.77.${process.pid % 250}.${sequence++ % 250}`;

function client(ip = newAddress(), language = 'en-US') {
  const headers = { 'x-forwarded-for': ip, 'accept-language': language };
  return {
    post: <T = unknown>(url: string, body?: unknown, query?: Record<string, string>) =>
      call<T>(t.app, { method: 'POST', url, body, query, headers }),
    get: <T = unknown>(url: string, query?: Record<string, string>) =>
      call<T>(t.app, { url, query, headers }),
  };
}
type Client = ReturnType<typeof client>;

async function lastCode(phone: string): Promise<string> {
  const answer = await call<{ params: { code: string } }[]>(t.app, {
    url: '/ops/v1/sms/outbox',
    query: { phone },
    headers: { 'x-operator-key': KEY },
  });
  return answer.data[0]!.params.code;
}

async function ticketFor(c: Client, phone: string): Promise<string> {
  const sent = await c.post(ApiPath.RegisterSendSms, undefined, { userPhone: phone });
  expect(sent.code).toBe(ApiCode.Ok);
  const checked = await c.post<{ registerTicket: string }>(ApiPath.RegisterCheckVerificationCode, {
    userPhone: phone,
    code: await lastCode(phone),
  });
  expect(checked.code).toBe(ApiCode.Ok);
  return checked.data.registerTicket;
}

const agreementVersion = async () =>
  (await client().get<{ version: string }>(ApiPath.GetLogisticsTransportAgreement)).data.version;

const body = (ticket: string, version: string, overrides: Record<string, unknown> = {}) => ({
  registerTicket: ticket,
  companyName: '厦门新注册贸易有限公司',
  contactName: '陈静',
  loginName: `reg${sequence++}x${process.pid}`,
  email: 'owner@example.com',
  password: 'Register2026',
  agreementVersion: version,
  ...overrides,
});
const fields = (data: unknown) =>
  ((data as { errors?: { field: string; message: string }[] } | null)?.errors ?? []).map((e) => e.field);

describe(`registration on ${ENGINE}`, () => {
  it('registers a company through the SMS code: an active customer pending certification, its admin main user, wallet, acceptance; then signs in', async () => {
    const agreement = await client().get<{ version: string; title: Record<string, string> }>(
      ApiPath.GetLogisticsTransportAgreement,
    );
    expect(agreement.data.title).toMatchObject({ 'en-US': 'Logistics Transport Service Agreement' });
    const c = client();
    const phone = newPhone();
    const ticket = await ticketFor(c, phone);
    const input = body(ticket, agreement.data.version, { loginName: `NewOwner${process.pid}` });
    const answer = await c.post<{ customerCode: string; loginName: string }>(ApiPath.Register, input);
    expect(answer.code).toBe(ApiCode.Ok);
    expect(answer.data.loginName).toBe(`newowner${process.pid}`);
    const customer = await t.app.db
      .selectFrom('customers')
      .selectAll()
      .where('code', '=', answer.data.customerCode)
      .executeTakeFirstOrThrow();
    expect([customer.status, customer.phone, customer.company_name]).toEqual([
      'active',
      phone,
      '厦门新注册贸易有限公司',
    ]);
    const roles = await t.app.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['roles.code', 'users.user_type'])
      .where('users.customer_id', '=', customer.id)
      .execute();
    expect(roles).toEqual([{ code: Role.Admin, user_type: 'main' }]);
    const wallets = await t.app.db
      .selectFrom('wallets')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    expect(wallets.map((w) => [w.currency_code, Number(w.balance)])).toEqual([['CNY', 0]]);
    const acceptance = await t.app.db
      .selectFrom('agreement_acceptances')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(acceptance.version).toBe(agreement.data.version);
    const session = await signIn(t.app, { loginName: input.loginName as string, password: 'Register2026' });
    expect(session.jwtToken).toBeTruthy();

    // Pending certification from the start, its documents still to come: the customer may upload and
    // submit; staff see it only once submitted, and cannot decide it before.
    const certification = await call<{
      state: string;
      companyName: string;
      canSubmit: boolean;
      submittedAt: null;
    }>(t.app, { url: ApiPath.GetCertification, token: session.jwtToken });
    expect(certification.data).toMatchObject({
      state: 'pending',
      companyName: '厦门新注册贸易有限公司',
      canSubmit: true,
      submittedAt: null,
    });
    const ops = (method: 'GET' | 'POST', url: string) =>
      call<unknown>(t.app, { method, url, headers: { 'x-operator-key': KEY } });
    const pending = (await ops('GET', '/ops/v1/certifications/pending')).data as { customerCode: string }[];
    expect(pending.map((p) => p.customerCode)).not.toContain(answer.data.customerCode);
    const early = await ops('POST', `/ops/v1/certifications/${answer.data.customerCode}/approve`);
    expect(early.code).toBe(ApiCode.Conflict);
    // The documents come: three photos and the facts; now staff see it and may decide.
    for (const kind of ['licence', 'idFront', 'idBack']) {
      const { payload, contentType } = multipartBody({}, { bytes: makeJpeg(), name: `${kind}.jpg` });
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `${ApiPath.UploadCertPhoto}?kind=${kind}`,
        payload,
        headers: { authorization: `Bearer ${session.jwtToken}`, 'content-type': contentType },
      });
      expect(uploaded.json<{ code: number }>().code).toBe(ApiCode.Ok);
    }
    const submitted = await call<{ state: string; canSubmit: boolean }>(t.app, {
      method: 'POST',
      url: ApiPath.SubmitCertification,
      token: session.jwtToken,
      body: {
        companyName: '厦门新注册贸易有限公司',
        creditCode: '91350100M000100Y43',
        legalRepresentative: '林一',
      },
    });
    expect(submitted.data).toMatchObject({ state: 'pending', canSubmit: false });
    const listed = (await ops('GET', '/ops/v1/certifications/pending')).data as { customerCode: string }[];
    expect(listed.map((p) => p.customerCode)).toContain(answer.data.customerCode);

    // The same ticket again: spent by its registration, it answers only that the verification expired.
    const again = await c.post(ApiPath.Register, body(ticket, agreement.data.version));
    expect([again.code, again.message]).toEqual([
      ApiCode.BadRequest,
      'The phone verification has expired; please get a new code',
    ]);
    expect(fields(again.data)).toEqual(['registerTicket']);
  });

  it('spends the ticket with its registration: a later use, whatever login name, answers that the verification expired', async () => {
    const version = await agreementVersion();
    const phone = newPhone();
    const ticket = await ticketFor(client(), phone);
    const first = await client().post<{ loginName: string }>(ApiPath.Register, body(ticket, version));
    expect(first.code).toBe(ApiCode.Ok);
    const expired = {
      'zh-CN': '手机验证已失效，请重新获取验证码',
      'en-US': 'The phone verification has expired; please get a new code',
      'zh-TW': '手機驗證已失效，請重新取得驗證碼',
    };
    // A taken login name, a free one, the one just registered: the same answer, so no name is told apart.
    for (const loginName of ['demo', `free${sequence++}x${process.pid}`, first.data.loginName])
      for (const [language, message] of Object.entries(expired)) {
        const later = await client(newAddress(), language).post(
          ApiPath.Register,
          body(ticket, version, { loginName }),
        );
        expect([later.code, later.message], `${loginName} ${language}`).toEqual([
          ApiCode.BadRequest,
          message,
        ]);
        expect(fields(later.data)).toEqual(['registerTicket']);
      }
    const customers = await t.app.db
      .selectFrom('customers')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(customers).toHaveLength(1);
  });

  it('lets exactly one of two parallel registrations with one ticket succeed', async () => {
    const version = await agreementVersion();
    for (let round = 0; round < 3; round++) {
      const phone = newPhone();
      const ticket = await ticketFor(client(), phone);
      const answers = await Promise.all(
        [0, 1].map(() => client().post(ApiPath.Register, body(ticket, version))),
      );
      const codes = answers.map((answer) => answer.code).sort();
      expect(codes, JSON.stringify(answers.map((a) => a.message))).toEqual([ApiCode.Ok, ApiCode.BadRequest]);
      const refused = answers.find((answer) => answer.code !== ApiCode.Ok)!;
      expect(refused.message).toBe('The phone verification has expired; please get a new code');
      const customers = await t.app.db
        .selectFrom('customers')
        .select('id')
        .where('phone', '=', phone)
        .execute();
      expect(customers).toHaveLength(1);
      const users = await t.app.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
      expect(users).toHaveLength(1);
    }
  });

  it('refuses a taken login name, a wrong or spent code, a missing or old agreement and a tampered ticket, writing nothing', async () => {
    const version = await agreementVersion();
    const c = client();
    const phone = newPhone();
    const before = await t.app.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    await c.post(ApiPath.RegisterSendSms, undefined, { userPhone: phone });
    const wrong = await c.post(ApiPath.RegisterCheckVerificationCode, {
      userPhone: phone,
      code: '000000' === (await lastCode(phone)) ? '111111' : '000000',
    });
    expect([wrong.code, fields(wrong.data)]).toEqual([ApiCode.BadRequest, ['code']]);
    const code = await lastCode(phone);
    const ok = await c.post<{ registerTicket: string }>(ApiPath.RegisterCheckVerificationCode, {
      userPhone: phone,
      code,
    });
    expect(ok.code).toBe(ApiCode.Ok);
    const spent = await c.post(ApiPath.RegisterCheckVerificationCode, { userPhone: phone, code });
    expect(spent.code).toBe(ApiCode.BadRequest);
    const ticket = ok.data.registerTicket;

    const taken = await c.post(ApiPath.Register, body(ticket, version, { loginName: 'DEMO' }));
    expect([taken.code, fields(taken.data), taken.message]).toEqual([
      ApiCode.Conflict,
      ['loginName'],
      'This login name is already taken; choose another',
    ]);
    const noAgreement = await c.post(ApiPath.Register, body(ticket, version, { agreementVersion: '' }));
    expect([noAgreement.code, fields(noAgreement.data)]).toEqual([ApiCode.BadRequest, ['agreementVersion']]);
    const oldAgreement = await c.post(ApiPath.Register, body(ticket, '2020-01-01'));
    expect([oldAgreement.code, fields(oldAgreement.data)]).toEqual([
      ApiCode.BadRequest,
      ['agreementVersion'],
    ]);
    // Three registrations per address: the next ones come from another address.
    const d = client();
    const tampered = await d.post(ApiPath.Register, body(`${ticket.slice(0, -2)}xx`, version));
    expect([tampered.code, fields(tampered.data)]).toEqual([ApiCode.BadRequest, ['registerTicket']]);
    const forged = await d.post(
      ApiPath.Register,
      body(signToken('not-the-secret', 'registerTicket', newPhone(), new Date(Date.now() + 60_000)), version),
    );
    expect(fields(forged.data)).toEqual(['registerTicket']);
    const expired = await d.post(
      ApiPath.Register,
      body(signToken(t.app.tokenSecret, 'registerTicket', newPhone(), new Date(Date.now() - 1000)), version),
    );
    expect(fields(expired.data)).toEqual(['registerTicket']);
    const after = await t.app.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers hostile bodies with localized field errors and limits registrations per address', async () => {
    const version = await agreementVersion();
    const c = client(newAddress(), 'zh-CN');
    const ticket = signToken(t.app.tokenSecret, 'registerTicket', newPhone(), new Date(Date.now() + 600_000));
    const hostile = await c.post(
      ApiPath.Register,
      body(ticket, version, {
        companyName: 'Evil\u0000Co',
        contactName: 'x'.repeat(51),
        loginName: '1<script>',
        email: 'not-an-email',
        password: 'short',
      }),
    );
    expect(hostile.code).toBe(ApiCode.BadRequest);
    expect([...new Set(fields(hostile.data))].sort()).toEqual([
      'companyName',
      'contactName',
      'email',
      'loginName',
      'password',
    ]);
    const badPhone = await c.post(ApiPath.RegisterSendSms, undefined, { userPhone: '12345' });
    expect([badPhone.code, fields(badPhone.data)]).toEqual([ApiCode.BadRequest, ['userPhone']]);
    const oversized = await call(t.app, {
      method: 'POST',
      url: ApiPath.Register,
      body: { ...body(ticket, version), companyName: 'x'.repeat(40_000) },
    });
    expect(oversized.httpStatus).toBe(413);
    const e = client();
    for (let i = 0; i < 3; i++) await e.post(ApiPath.Register, body('x.y.z', version));
    const limited = await e.post(ApiPath.Register, body('x.y.z', version));
    expect(limited.code).toBe(ApiCode.TooManyRequests);
  });
});

const answers = (overrides: Record<string, unknown> = {}) => ({
  companyName: '厦门示例物流有限公司',
  uscc: '91350100M000100Y43',
  address: '厦门市思明区示例路 1 号',
  contactName: '林先生',
  contactPhone: '13912345678',
  contactEmail: '',
  monthlyParcels: '5k-20k',
  destinations: ['US', 'GB'],
  productCodes: [],
  ...overrides,
});

describe(`prospect links on ${ENGINE}`, () => {
  it('staff make a link (CLI and API); the prospect submits once; tampered and expired links show their state', async () => {
    const cli = await runOpsCli(t.config, [
      'prospect-link',
      '--invitee',
      'Acme 跨境',
      '--days',
      '3',
      '--json',
    ]);
    expect(cli.code).toBe(0);
    const link = JSON.parse(cli.stdout) as { id: string; token: string; url: string };
    expect(link.url).toContain('/customerInfoLink/customerInfoLink?token=');

    const c = client();
    const open = await c.get<{ state: string; invitee: string; products: { code: string }[] }>(
      ApiPath.GetProspectLink,
      {
        token: link.token,
      },
    );
    expect(open.data).toMatchObject({ state: 'open', invitee: 'Acme 跨境' });
    const product = open.data.products[0]!.code;

    const badUscc = await c.post(ApiPath.SubmitProspectLink, {
      token: link.token,
      answers: answers({ uscc: '91350100M000100Y44' }),
    });
    expect([badUscc.code, fields(badUscc.data)]).toEqual([ApiCode.BadRequest, ['answers.uscc']]);
    const badCountry = await c.post(ApiPath.SubmitProspectLink, {
      token: link.token,
      answers: answers({ destinations: ['ZZ'] }),
    });
    expect([badCountry.code, fields(badCountry.data)]).toEqual([ApiCode.BadRequest, ['destinations']]);

    const submitted = await c.post(ApiPath.SubmitProspectLink, {
      token: link.token,
      answers: answers({ productCodes: [product] }),
    });
    expect(submitted.code).toBe(ApiCode.Ok);
    const d = client();
    const twice = await d.post(ApiPath.SubmitProspectLink, { token: link.token, answers: answers() });
    expect(twice.code).toBe(ApiCode.Conflict);
    expect((await d.get<{ state: string }>(ApiPath.GetProspectLink, { token: link.token })).data.state).toBe(
      'submitted',
    );

    const staff = await call<{ answers: { uscc: string; productCodes: string[] } }>(t.app, {
      url: `/ops/v1/prospect-links/${link.id}`,
      headers: { 'x-operator-key': KEY },
    });
    expect(staff.data.answers).toMatchObject({ uscc: '91350100M000100Y43', productCodes: [product] });

    const tampered = link.token.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await d.get<{ state: string }>(ApiPath.GetProspectLink, { token: tampered })).data.state).toBe(
      'invalid',
    );
    const refused = await d.post(ApiPath.SubmitProspectLink, { token: tampered, answers: answers() });
    expect(refused.code).toBe(ApiCode.NotFound);
    const expiredToken = signToken(t.app.tokenSecret, 'prospectLink', link.id, new Date(Date.now() - 1000));
    expect(
      (await d.get<{ state: string }>(ApiPath.GetProspectLink, { token: expiredToken })).data.state,
    ).toBe('expired');

    const created = await call(t.app, {
      method: 'POST',
      url: '/ops/v1/prospect-links',
      body: {},
      headers: {},
    });
    expect(created.httpStatus).toBe(401);
    const e = client();
    for (let i = 0; i < 6; i++) await e.get(ApiPath.GetProspectLink, { token: 'x' });
    expect((await e.get(ApiPath.GetProspectLink, { token: 'x' })).code).toBe(ApiCode.TooManyRequests);
  });
});
