import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/** The first published version of the transport agreement (a later version is a new row, never an edit). */
export const FIRST_AGREEMENT_VERSION = '2026-11-29';

const AGREEMENT_TITLE = text('物流运输服务协议', 'Logistics Transport Service Agreement', '物流運輸服務協議');

const AGREEMENT_CONTENT = text(
  [
    '一、协议双方：本协议由承运方（本平台运营方）与注册用户所代表的公司（托运方）订立。托运方完成注册即表示已阅读、理解并接受本协议全部条款。',
    '二、托运货物：托运方应如实申报货物的品名、数量、价值、重量及是否含电池，不得托运法律法规及目的国禁止或限制运输的物品。因申报不实产生的退运、罚款、扣关等费用及责任由托运方承担。',
    '三、运费与结算：运费按下单时所选产品的价格表计算，以承运方实际称重及体积重量中的较大者计费。托运方须保持账户余额充足；余额低于信用额度时，承运方可暂停服务直至充值。',
    '四、时效与责任：产品所示时效为参考时效，因海关查验、不可抗力、航班或目的国派送原因造成的延误，承运方不承担赔偿责任。货物丢失或损毁的赔偿以申报价值为限，且不超过所选产品约定的最高赔偿额。',
    '五、信息与隐私：承运方仅为履行运输、清关及法定义务使用托运方及收件人信息，并采取合理措施保护信息安全。',
    '六、协议变更：承运方更新本协议时将在平台公布新版本，托运方继续使用服务前须重新确认。',
    '七、争议解决：本协议适用中华人民共和国法律；因本协议产生的争议，双方应友好协商，协商不成的提交承运方所在地人民法院诉讼解决。',
  ].join('\n\n'),
  [
    '1. Parties: This agreement is made between the carrier (the operator of this portal) and the company the registering user represents (the shipper). By completing registration the shipper confirms it has read, understood and accepted every clause of this agreement.',
    '2. Goods: The shipper declares the description, quantity, value and weight of the goods truthfully, and whether they contain batteries, and does not ship goods that the law or the destination country prohibits or restricts. Returns, fines, seizures and other costs caused by an untrue declaration are borne by the shipper.',
    "3. Charges and settlement: Charges follow the price list of the product chosen when ordering and are based on the greater of the carrier's actual weight and the volumetric weight. The shipper keeps its balance sufficient; when the balance falls below its credit limit, the carrier may suspend service until the account is topped up.",
    '4. Transit times and liability: Transit times shown are indications. The carrier is not liable for delays caused by customs inspection, force majeure, flights or delivery in the destination country. Compensation for lost or damaged goods is limited to the declared value and to the maximum the chosen product states.',
    '5. Information and privacy: The carrier uses information about the shipper and consignees only to carry, clear customs and meet legal obligations, and takes reasonable measures to protect it.',
    '6. Changes: When the carrier updates this agreement it publishes a new version on the portal; the shipper confirms the new version before it continues to use the service.',
    "7. Disputes: This agreement is governed by the laws of the People's Republic of China. The parties settle disputes amicably; failing that, they are brought before the people's court where the carrier is located.",
  ].join('\n\n'),
  [
    '一、協議雙方：本協議由承運方（本平台營運方）與註冊使用者所代表的公司（託運方）訂立。託運方完成註冊即表示已閱讀、理解並接受本協議全部條款。',
    '二、託運貨物：託運方應如實申報貨物的品名、數量、價值、重量及是否含電池，不得託運法律法規及目的國禁止或限制運輸的物品。因申報不實產生的退運、罰款、扣關等費用及責任由託運方承擔。',
    '三、運費與結算：運費按下單時所選產品的價格表計算，以承運方實際稱重及體積重量中的較大者計費。託運方須保持帳戶餘額充足；餘額低於信用額度時，承運方可暫停服務直至儲值。',
    '四、時效與責任：產品所示時效為參考時效，因海關查驗、不可抗力、航班或目的國派送原因造成的延誤，承運方不承擔賠償責任。貨物遺失或損毀的賠償以申報價值為限，且不超過所選產品約定的最高賠償額。',
    '五、資訊與隱私：承運方僅為履行運輸、清關及法定義務使用託運方及收件人資訊，並採取合理措施保護資訊安全。',
    '六、協議變更：承運方更新本協議時將在平台公布新版本，託運方繼續使用服務前須重新確認。',
    '七、爭議解決：本協議適用中華人民共和國法律；因本協議產生的爭議，雙方應友好協商，協商不成的提交承運方所在地人民法院訴訟解決。',
  ].join('\n\n'),
);

/**
 * Registration (issue 13): the transport agreement's versions, which version each registered customer
 * accepted (when, from which address), and the prospect links staff send with the answers given on them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transport_agreements')
    .addColumn('version', 'text', (c) => c.primaryKey())
    // JSON LocalizedText each.
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('transport_agreements')
    .values({
      version: FIRST_AGREEMENT_VERSION,
      title: AGREEMENT_TITLE,
      content: AGREEMENT_CONTENT,
      published_at: '2026-11-29T00:00:00.000Z',
    })
    .execute();

  await db.schema
    .createTable('agreement_acceptances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('version', 'text', (c) => c.notNull().references('transport_agreements.version'))
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('agreement_acceptances_customer_idx')
    .on('agreement_acceptances')
    .column('customer_id')
    .execute();

  await db.schema
    .createTable('prospect_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Whom staff made it for (shown as the page's greeting), and who made it.
    .addColumn('invitee', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set once, by the one submission the link allows; answers are JSON ProspectAnswers.
    .addColumn('submitted_at', 'text')
    .addColumn('submitted_ip', 'text')
    .addColumn('answers', 'text')
    .execute();
  await db.schema
    .createIndex('prospect_links_created_idx')
    .on('prospect_links')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('prospect_links_expiry_idx')
    .on('prospect_links')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('prospect_links').execute();
  await db.schema.dropTable('agreement_acceptances').execute();
  await db.schema.dropTable('transport_agreements').execute();
}
