import type { Db } from '../../db/database.ts';
import type { WeChatScenesTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

/** All SQL of WeChat scenes and bindings. */

export async function insertScene(db: Db, scene: WeChatScenesTable) {
  await db.insertInto('wechat_scenes').values(scene).execute();
}

export function findScene(db: Db, id: string) {
  return db.selectFrom('wechat_scenes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSceneByScanCode(db: Db, scanCode: string) {
  return db.selectFrom('wechat_scenes').selectAll().where('scan_code', '=', scanCode).executeTakeFirst();
}

/** Records the scan's identity on a waiting, unexpired scene; false when it was not waiting any more. */
export async function confirmScene(
  db: Db,
  scanCode: string,
  identity: { openId: string; unionId: string | null; nickname: string | null },
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('wechat_scenes')
    .set({
      status: 'confirmed',
      open_id: identity.openId,
      union_id: identity.unionId,
      nickname: identity.nickname,
      confirmed_at: now,
    })
    .where('scan_code', '=', scanCode)
    .where('status', '=', 'waiting')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends a confirmed, unexpired scene: one statement, so two transfers of one scene cannot both win. */
export async function spendScene(db: Db, id: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('wechat_scenes')
    .set({ status: 'used', used_at: now })
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findUserByOpenId(db: Db, openId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('wechat_open_id', '=', openId)
    .executeTakeFirst();
}

export function findBinding(db: Db, customerId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['wechat_open_id', 'wechat_nickname', 'wechat_bound_at'])
    .where('id', '=', userId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Binds an identity to a user that has none; false when the user is bound already (or not there). */
export async function bindUser(
  db: Db,
  customerId: string,
  userId: string,
  binding: { openId: string; nickname: string | null; boundAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      wechat_open_id: binding.openId,
      wechat_nickname: binding.nickname,
      wechat_bound_at: binding.boundAt,
    })
    .where('id', '=', userId)
    .where('customer_id', '=', customerId)
    .where('wechat_open_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function unbindUser(db: Db, customerId: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ wechat_open_id: null, wechat_nickname: null, wechat_bound_at: null })
    .where('id', '=', userId)
    .where('customer_id', '=', customerId)
    .where('wechat_open_id', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Scenes past their expiry (retention task): a spent or expired QR code is never valid again. */
export async function deleteExpiredScenes(db: Db, nowIsoText: string): Promise<number> {
  const result = await db
    .deleteFrom('wechat_scenes')
    .where('expires_at', '<=', nowIsoText)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
