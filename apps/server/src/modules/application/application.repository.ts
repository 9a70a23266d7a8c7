import type { Db } from '../../db/database.ts';

/** Application info for a host name, falling back to the default row (`*`). */
export async function findApplicationInfo(db: Db, hostName: string) {
  const rows = await db
    .selectFrom('application_info')
    .selectAll()
    .where('domain_name', 'in', [hostName.toLowerCase(), '*'])
    .execute();
  return rows.find((r) => r.domain_name !== '*') ?? rows.find((r) => r.domain_name === '*');
}

export function listMenuRows(db: Db) {
  return db.selectFrom('application_menus').selectAll().orderBy('sort_order').orderBy('menu_code').execute();
}
