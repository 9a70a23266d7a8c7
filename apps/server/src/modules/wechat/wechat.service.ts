import { randomBytes } from 'node:crypto';
import type { LoginResponse } from '@portal/contracts/auth';
import { LoginMethod } from '@portal/contracts/auth';
import { ApiCode } from '@portal/contracts/envelope';
import { SANDBOX_WECHAT_IDENTITIES, type WeChatPoll, type WeChatScene } from '@portal/contracts/wechat';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { WeChatScenesTable } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { isPlainId, isoAfterSeconds, nowIso, randomToken } from '../../lib/ids.ts';
import { addressKey, hitRateLimit } from '../../lib/rate-limit.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { signInVerifiedUser, type ClientInfo } from '../auth/auth.service.ts';
import { isUniqueViolation } from '../order/order.repository.ts';
import * as repo from './wechat.repository.ts';
import { SandboxWeChatLogin, type WeChatIdentity, type WeChatLoginProvider } from './wechat-provider.ts';

export interface WeChatDeps {
  db: Db;
  config: AppConfig;
  tokenSecret: string;
  provider: WeChatLoginProvider;
}

type Scene = WeChatScenesTable;
type Owner = { customerId: string; userId: string };

const sceneError = (key: string) => new AppError(ApiCode.BadRequest, key);

/**
 * Opens a scene (one QR code): for signing in (no owner) or for binding the signed-in user. QR codes per
 * address are limited (each is a row until the retention task deletes it).
 */
export async function openScene(
  deps: WeChatDeps,
  purpose: 'login' | 'bind',
  owner: Owner | null,
  ip: string,
): Promise<WeChatScene> {
  const { limit, windowSeconds } = deps.config.wechatLogin.scenesPerAddress;
  const verdict = await hitRateLimit(deps.db, {
    bucket: `wechatScene:${addressKey(ip)}`,
    limit,
    windowSeconds,
  });
  if (!verdict.allowed)
    throw new AppError(ApiCode.TooManyRequests, 'wechat.tooManyScenes', {
      seconds: verdict.retryAfterSeconds,
    });
  const ttl = deps.config.wechatLogin.sceneTtlSeconds;
  const scene: Scene = {
    id: randomToken(),
    // WeChat's `state` allows [a-zA-Z0-9] only, up to 128 bytes.
    scan_code: randomBytes(16).toString('hex'),
    purpose,
    customer_id: owner?.customerId ?? null,
    user_id: owner?.userId ?? null,
    status: 'waiting',
    open_id: null,
    union_id: null,
    nickname: null,
    created_at: nowIso(),
    expires_at: isoAfterSeconds(ttl),
    confirmed_at: null,
    used_at: null,
  };
  await repo.insertScene(deps.db, scene);
  const shown = await deps.provider.present(scene.scan_code);
  return {
    sceneId: scene.id,
    qrCodeImage: shown.qrCodeImage,
    authorizeUrl: shown.authorizeUrl,
    provider: deps.provider.kind,
    expiresAt: scene.expires_at,
    expiresInSecond: ttl,
  };
}

/** The scene of that id and purpose (and owner, for binding); anything else is "not found". */
async function loadScene(deps: WeChatDeps, sceneId: string, purpose: 'login' | 'bind', owner: Owner | null) {
  const scene = isPlainId(sceneId) ? await repo.findScene(deps.db, sceneId) : undefined;
  if (
    !scene ||
    scene.purpose !== purpose ||
    (owner !== null && (scene.user_id !== owner.userId || scene.customer_id !== owner.customerId))
  )
    throw sceneError('wechat.sceneNotFound');
  return scene;
}

async function statusOf(deps: WeChatDeps, scene: Scene): Promise<WeChatPoll['status']> {
  if (scene.status === 'used') return 'used';
  if (scene.expires_at <= nowIso()) return 'expired';
  if (scene.status === 'waiting') return 'waiting';
  if (scene.purpose === 'login' && !(await repo.findUserByOpenId(deps.db, scene.open_id!))) return 'notBound';
  return 'confirmed';
}

/** `LoginPolling` (public: the scene secret is the authority) and `BindingPolling` (the owner's only). */
export async function pollScene(
  deps: WeChatDeps,
  sceneId: string,
  purpose: 'login' | 'bind',
  owner: Owner | null,
): Promise<WeChatPoll> {
  const scene = await loadScene(deps, sceneId, purpose, owner);
  return { status: await statusOf(deps, scene), nickname: scene.nickname };
}

/** Refuses a scene that cannot be transferred now, naming why. */
async function requireConfirmed(deps: WeChatDeps, scene: Scene) {
  const status = await statusOf(deps, scene);
  if (status === 'used') throw sceneError('wechat.sceneUsed');
  if (status === 'expired') throw sceneError('wechat.sceneExpired');
  if (status === 'waiting') throw sceneError('wechat.notConfirmed');
  if (status === 'notBound') throw sceneError('wechat.notBound');
}

/** `LoginTransfer`: a confirmed sign-in scene becomes a session, once. */
export async function loginTransfer(
  deps: WeChatDeps,
  sceneId: string,
  client: ClientInfo,
): Promise<LoginResponse> {
  const scene = await loadScene(deps, sceneId, 'login', null);
  await requireConfirmed(deps, scene);
  const user = await repo.findUserByOpenId(deps.db, scene.open_id!);
  if (!user) throw sceneError('wechat.notBound');
  if (!(await repo.spendScene(deps.db, scene.id))) throw sceneError('wechat.sceneUsed');
  return signInVerifiedUser(deps, user.id, LoginMethod.WeChat, client);
}

/** `BindingTransfer`: binds the confirmed identity to the scene's owner, the caller. */
export async function bindingTransfer(deps: WeChatDeps, auth: AuthContext, sceneId: string) {
  const owner = { customerId: auth.customerId, userId: auth.userId };
  const scene = await loadScene(deps, sceneId, 'bind', owner);
  await requireConfirmed(deps, scene);
  const openId = scene.open_id!;
  const holder = await repo.findUserByOpenId(deps.db, openId);
  if (holder && holder.id !== auth.userId) throw new AppError(ApiCode.Conflict, 'wechat.boundToAnother');
  const current = await repo.findBinding(deps.db, auth.customerId, auth.userId);
  if (current?.wechat_open_id) throw new AppError(ApiCode.Conflict, 'wechat.alreadyBound');
  const boundAt = nowIso();
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.spendScene(trx, scene.id))) throw sceneError('wechat.sceneUsed');
      if (
        !(await repo.bindUser(trx, auth.customerId, auth.userId, {
          openId,
          nickname: scene.nickname,
          boundAt,
        }))
      )
        throw new AppError(ApiCode.Conflict, 'wechat.alreadyBound');
    });
  } catch (error) {
    // Two accounts binding one identity at the same moment: the unique index lets one win.
    if (isUniqueViolation(error)) throw new AppError(ApiCode.Conflict, 'wechat.boundToAnother');
    throw error;
  }
  return { nickname: scene.nickname, boundAt };
}

/** `CancelBinding`: the caller's own binding ends. */
export async function cancelBinding(deps: WeChatDeps, auth: AuthContext) {
  if (!(await repo.unbindUser(deps.db, auth.customerId, auth.userId)))
    throw new AppError(ApiCode.Conflict, 'wechat.noBinding');
}

/** The sandbox scan page's view of a scene (public: the scan code in the QR is the authority). */
export async function sandboxScene(deps: WeChatDeps, scanCode: string) {
  requireSandbox(deps);
  const scene = isPlainId(scanCode) ? await repo.findSceneByScanCode(deps.db, scanCode) : undefined;
  if (!scene) throw sceneError('wechat.sceneNotFound');
  return {
    purpose: scene.purpose,
    status: await statusOf(deps, scene),
    expiresAt: scene.expires_at,
    identities: [...SANDBOX_WECHAT_IDENTITIES],
  };
}

/** The sandbox's scan: the tester confirms as a WeChat identity named by its nickname. */
export async function sandboxConfirm(deps: WeChatDeps, scanCode: string, nickname: string) {
  requireSandbox(deps);
  await confirmScan(deps, scanCode, SandboxWeChatLogin.identityOf(nickname));
}

/** Real provider: WeChat's redirect after the scan; answers where the browser goes next (/loginResult). */
export async function providerCallback(deps: WeChatDeps, code: string | undefined, state: string) {
  const scene = isPlainId(state) ? await repo.findSceneByScanCode(deps.db, state) : undefined;
  if (!scene) throw sceneError('wechat.sceneNotFound');
  // No code: the user refused the authorization on the phone.
  if (!code) throw sceneError('wechat.providerRefused');
  await confirmScan(deps, state, await deps.provider.exchangeCode(code));
  return scene;
}

async function confirmScan(deps: WeChatDeps, scanCode: string, identity: WeChatIdentity) {
  const scene = isPlainId(scanCode) ? await repo.findSceneByScanCode(deps.db, scanCode) : undefined;
  if (!scene) throw sceneError('wechat.sceneNotFound');
  if (!(await repo.confirmScene(deps.db, scanCode, identity))) {
    const status = await statusOf(deps, scene);
    throw sceneError(status === 'expired' ? 'wechat.sceneExpired' : 'wechat.sceneUsed');
  }
}

function requireSandbox(deps: WeChatDeps) {
  if (deps.provider.kind !== 'sandbox') throw new AppError(ApiCode.Forbidden, 'wechat.sandboxOnly');
}
