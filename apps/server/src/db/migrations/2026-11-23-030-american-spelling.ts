import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/** English menu titles in American spelling, like every other en-US text ("User center"). */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('application_menus')
    .set({ title: text('用户中心', 'User center', '使用者中心') })
    .where('id', '=', 'userCenter')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('application_menus')
    .set({ title: text('用户中心', 'User centre', '使用者中心') })
    .where('id', '=', 'userCenter')
    .execute();
}
