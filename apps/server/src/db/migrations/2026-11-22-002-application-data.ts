import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * System rows the portal cannot run without: the default application info (answered for any host
 * without a row of its own) and the menu entries of the pages that exist. Later features add their
 * menu entries in their own migrations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('application_info')
    .values({
      id: 'default',
      domain_name: '*',
      web_name: text('速达国际物流客户平台', 'SwiftParcel Customer Portal', '速達國際物流客戶平台'),
      web_slogan: text(
        '一站式跨境小包发货',
        'Cross-border parcels, shipped in one place',
        '一站式跨境小包發貨',
      ),
      web_keyword: text(
        '跨境物流,小包,国际快递,下单,面单',
        'cross-border logistics,parcels,international shipping,labels',
        '跨境物流,小包,國際快遞,下單,面單',
      ),
      web_description: text(
        '创建订单、批量导入、打印面单、充值与账单，一个平台完成。',
        'Create orders, import in bulk, print labels, top up and read bills in one place.',
        '建立訂單、批次匯入、列印面單、儲值與帳單，一個平台完成。',
      ),
      favicon: '/favicon.svg',
      footer_system_name: text('速达国际物流客户平台', 'SwiftParcel Customer Portal', '速達國際物流客戶平台'),
      filing_number: '',
    })
    .execute();

  await db
    .insertInto('application_menus')
    .values([
      {
        id: 'home',
        parent_id: null,
        sort_order: 10,
        path: '/user/index',
        name: 'index',
        menu_code: 'home',
        icon: 'HomeOutlined',
        authority: JSON.stringify('*'),
        title: text('首页', 'Home', '首頁'),
      },
      {
        id: 'personal',
        parent_id: null,
        sort_order: 90,
        path: '/user/userCenterManagement',
        name: 'userCenterManagement',
        menu_code: 'personal',
        icon: 'UserOutlined',
        authority: null,
        title: text('个人设置', 'Personal settings', '個人設定'),
      },
      {
        id: 'userCenter',
        parent_id: 'personal',
        sort_order: 10,
        path: '/user/userCenterManagement/userCenter',
        name: 'userCenter',
        menu_code: 'userCenter',
        icon: 'IdcardOutlined',
        authority: JSON.stringify('*'),
        title: text('用户中心', 'User centre', '使用者中心'),
      },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').execute();
  await db.deleteFrom('application_info').execute();
}
