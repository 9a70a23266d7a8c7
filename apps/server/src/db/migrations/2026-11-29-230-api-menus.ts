import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * The open API's pages in the personal settings menu (spec section 2): the API document for everyone
 * signed in, the online API test for users who may hold API tokens. Both routes also open signed out
 * (spec section 6 lists apiDocument and apiTest among the public route names).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('application_menus')
    .values([
      {
        id: 'apiDocument',
        parent_id: 'personal',
        sort_order: 40,
        path: '/user/userCenterManagement/apiDocument',
        name: 'apiDocument',
        menu_code: 'apiDocument',
        icon: 'ApiOutlined',
        authority: JSON.stringify('*'),
        title: text('API 文档', 'API document', 'API 文件'),
      },
      {
        id: 'apiTest',
        parent_id: 'personal',
        sort_order: 50,
        path: '/user/userCenterManagement/apiTest',
        name: 'apiTest',
        menu_code: 'apiTest',
        icon: 'ExperimentOutlined',
        authority: JSON.stringify('api:token'),
        title: text('在线 API 测试', 'Online API test', '線上 API 測試'),
      },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').where('id', 'in', ['apiDocument', 'apiTest']).execute();
}
