import { addressTextMax } from '@portal/contracts/address';
import {
  normalizePastedText,
  parseSmartPaste,
  SMART_PASTE_FIELDS,
  SMART_PASTE_MAX_LENGTH,
  type SmartPasteReference,
  type SmartPasteResult,
} from '@portal/contracts/smart-paste';
import { Converter } from 'opencc-js/t2cn';
import { describe, expect, it } from 'vitest';
import { cnDivisions } from '../../src/modules/reference/cn-divisions.ts';
import { listCountries } from '../../src/modules/reference/countries.ts';

// The reference data the web app gets (GetCnDivisionTree, GetCountry) and the converter it uses for
// Traditional Chinese input.
const reference: SmartPasteReference = {
  divisions: cnDivisions(),
  countries: listCountries('zh-CN'),
  toSimplified: Converter({ from: 'tw', to: 'cn' }),
};

interface Case {
  title: string;
  text: string;
  fields: SmartPasteResult['fields'];
  unplaced?: string[];
}

const chinese: Case[] = [
  {
    title: 'chat order: name, mobile, full region in one run, building',
    text: '张三 13800138000 广东省深圳市南山区科技园南区粤海街道深大地铁站A口 腾讯大厦',
    fields: {
      name: '张三',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      addressLine1: '科技园南区粤海街道深大地铁站A口 腾讯大厦',
    },
  },
  {
    title: 'shop export with labels on separate lines and a spaced region',
    text: '收货人: 李四\n手机号码: 13912345678\n所在地区: 浙江省 杭州市 西湖区\n详细地址: 文三路 90 号东部软件园 1 号楼 302',
    fields: {
      name: '李四',
      phone: '13912345678',
      countryCode: 'CN',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      addressLine1: '文三路 90 号东部软件园 1 号楼 302',
    },
  },
  {
    title: 'address first, municipality, landline last',
    text: '上海市浦东新区张江高科技园区博云路2号 王五 021-50801234',
    fields: {
      name: '王五',
      phone: '021-50801234',
      countryCode: 'CN',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      addressLine1: '张江高科技园区博云路2号',
    },
  },
  {
    title: 'abbreviated municipality, mobile written in groups',
    text: '北京朝阳区望京SOHO T1 1203 赵六 186 1234 5678',
    fields: {
      name: '赵六',
      phone: '186 1234 5678',
      countryCode: 'CN',
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
      addressLine1: '望京SOHO T1 1203',
    },
  },
  {
    title: 'abbreviated city without its province, full-width commas',
    text: '深圳南山区粤海街道科苑路15号，陈七，13698765432',
    fields: {
      name: '陈七',
      phone: '13698765432',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      addressLine1: '粤海街道科苑路15号',
    },
  },
  {
    title: 'phone first, 重庆 abbreviated',
    text: '13800000000 刘八 重庆渝中区解放碑八一路 88 号',
    fields: {
      name: '刘八',
      phone: '13800000000',
      countryCode: 'CN',
      province: '重庆市',
      city: '重庆市',
      district: '渝中区',
      addressLine1: '解放碑八一路 88 号',
    },
  },
  {
    title: 'every part spaced out, postal code at the end',
    text: '广东省 深圳市 南山区 粤海街道 科技南十二路 2 号 金蝶软件园 张三 13800138000 518057',
    fields: {
      name: '张三',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      postalCode: '518057',
      addressLine1: '粤海街道 科技南十二路 2 号 金蝶软件园',
    },
  },
  {
    title: 'city without province: the province comes from the reference data',
    text: '杭州市西湖区文三路478号华星时代广场A座 周先生 0571-88888888',
    fields: {
      name: '周先生',
      phone: '0571-88888888',
      countryCode: 'CN',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      addressLine1: '文三路478号华星时代广场A座',
    },
  },
  {
    title: 'a district unique in the country names its city and province',
    text: '海淀区中关村大街27号 孙女士 13511112222',
    fields: {
      name: '孙女士',
      phone: '13511112222',
      countryCode: 'CN',
      province: '北京市',
      city: '北京市',
      district: '海淀区',
      addressLine1: '中关村大街27号',
    },
  },
  {
    title: 'an ambiguous district alone (北京 or 长春) fills no region',
    text: '朝阳区建国路88号 吴九 13822223333',
    fields: { name: '吴九', phone: '13822223333', addressLine1: '朝阳区建国路88号' },
  },
  {
    title: 'municipality written twice as shops do',
    text: '北京 北京市 东城区 东直门南大街 1 号 钱十一 13933334444',
    fields: {
      name: '钱十一',
      phone: '13933334444',
      countryCode: 'CN',
      province: '北京市',
      city: '北京市',
      district: '东城区',
      addressLine1: '东直门南大街 1 号',
    },
  },
  {
    title: '天津 with a street named after another city',
    text: '天津市和平区南京路189号 冯先生 022-23456789',
    fields: {
      name: '冯先生',
      phone: '022-23456789',
      countryCode: 'CN',
      province: '天津市',
      city: '天津市',
      district: '和平区',
      addressLine1: '南京路189号',
    },
  },
  {
    title: 'a county of 重庆',
    text: '重庆市城口县葛城街道南大街 12 号 何静 15823456789',
    fields: {
      name: '何静',
      phone: '15823456789',
      countryCode: 'CN',
      province: '重庆市',
      city: '重庆市',
      district: '城口县',
      addressLine1: '葛城街道南大街 12 号',
    },
  },
  {
    title: 'autonomous region abbreviated (新疆)',
    text: '新疆乌鲁木齐市天山区解放北路 88 号 艾力 13999990000',
    fields: {
      name: '艾力',
      phone: '13999990000',
      countryCode: 'CN',
      province: '新疆维吾尔自治区',
      city: '乌鲁木齐市',
      district: '天山区',
      addressLine1: '解放北路 88 号',
    },
  },
  {
    title: 'autonomous region abbreviated (内蒙古)',
    text: '内蒙古呼和浩特市新城区新华大街 1 号 高娃 15047123456',
    fields: {
      name: '高娃',
      phone: '15047123456',
      countryCode: 'CN',
      province: '内蒙古自治区',
      city: '呼和浩特市',
      district: '新城区',
      addressLine1: '新华大街 1 号',
    },
  },
  {
    title: 'a county-level city governed by its province has no district',
    text: '湖北省仙桃市沔阳大道 1 号 宋江 13797112233',
    fields: {
      name: '宋江',
      phone: '13797112233',
      countryCode: 'CN',
      province: '湖北省',
      city: '仙桃市',
      addressLine1: '沔阳大道 1 号',
    },
  },
  {
    title: 'a town of 东莞 (a city without districts)',
    text: '广东省东莞市长安镇振安中路 123 号 罗先生 0769-85321234',
    fields: {
      name: '罗先生',
      phone: '0769-85321234',
      countryCode: 'CN',
      province: '广东省',
      city: '东莞市',
      district: '长安镇',
      addressLine1: '振安中路 123 号',
    },
  },
  {
    title: '吉林市 in 吉林省 (the province abbreviation must not swallow the city)',
    text: '吉林市船营区北京路 10 号 于先生 13904321234',
    fields: {
      name: '于先生',
      phone: '13904321234',
      countryCode: 'CN',
      province: '吉林省',
      city: '吉林市',
      district: '船营区',
      addressLine1: '北京路 10 号',
    },
  },
  {
    title: 'company named after its city, honorific name, abbreviated region',
    text: '深圳市腾讯计算机系统有限公司 马先生 13800138000 广东深圳南山区科技中一路腾讯大厦',
    fields: {
      company: '深圳市腾讯计算机系统有限公司',
      name: '马先生',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      addressLine1: '科技中一路腾讯大厦',
    },
  },
  {
    title: 'labels with +86 and a development zone that is no district',
    text: '收件人：王小二，电话：+86 138 0013 8000，地址：江苏省苏州市工业园区星湖街328号',
    fields: {
      name: '王小二',
      phone: '+86 138 0013 8000',
      countryCode: 'CN',
      province: '江苏省',
      city: '苏州市',
      addressLine1: '工业园区星湖街328号',
    },
  },
  {
    title: 'every field labelled, email and company included',
    text: '收件人：赵敏 公司：杭州某某科技有限公司 邮箱：zhaomin@example.com 电话：13712345678 地址：浙江省杭州市滨江区网商路699号',
    fields: {
      name: '赵敏',
      company: '杭州某某科技有限公司',
      email: 'zhaomin@example.com',
      phone: '13712345678',
      countryCode: 'CN',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      addressLine1: '网商路699号',
    },
  },
  {
    title: 'landline with an extension, label without a colon',
    text: '联系人 周杰 0755-86013388-8001 深圳市福田区深南大道 6008 号',
    fields: {
      name: '周杰',
      phone: '0755-86013388-8001',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '福田区',
      addressLine1: '深南大道 6008 号',
    },
  },
  {
    title: 'address line first, name and phone on their own lines',
    text: '地址：四川省成都市武侯区天府大道北段 1700 号\n谭先生\n18688889999',
    fields: {
      name: '谭先生',
      phone: '18688889999',
      countryCode: 'CN',
      province: '四川省',
      city: '成都市',
      district: '武侯区',
      addressLine1: '天府大道北段 1700 号',
    },
  },
  {
    title: 'province and city abbreviated with spaces; 中山路 is a street, not 中山市',
    text: '收件人:韩梅梅 手机:13612345678 江苏 南京 鼓楼区 中山路 1 号',
    fields: {
      name: '韩梅梅',
      phone: '13612345678',
      countryCode: 'CN',
      province: '江苏省',
      city: '南京市',
      district: '鼓楼区',
      addressLine1: '中山路 1 号',
    },
  },
  {
    title: 'district abbreviated too (福田)',
    text: '广东深圳福田 华强北路 1002 号 13800138000 黄先生',
    fields: {
      name: '黄先生',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '福田区',
      addressLine1: '华强北路 1002 号',
    },
  },
  {
    title: 'country written in front of the province',
    text: '中国广东省深圳市宝安区西乡街道宝源路 1 号 13800138000 许文强',
    fields: {
      name: '许文强',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '宝安区',
      addressLine1: '西乡街道宝源路 1 号',
    },
  },
  {
    title: 'chat words and a delivery note are left unplaced',
    text: '张三 13800138000 广东省深圳市南山区科技园 周末不收货 谢谢\n备注：放前台',
    fields: {
      name: '张三',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      addressLine1: '科技园',
    },
    unplaced: ['周末不收货 谢谢', '放前台'],
  },
  {
    title: 'a second phone number is shown, not dropped',
    text: '收件人：曾小贤 手机：13800138000 备用电话：0755-23456789 广东省广州市越秀区北京路 1 号',
    fields: {
      name: '曾小贤',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '广州市',
      district: '越秀区',
      addressLine1: '北京路 1 号',
    },
    unplaced: ['备用电话', '0755-23456789'],
  },
  {
    title: 'name glued in front, thanks at the end',
    text: '张三丰 13912345678 广东深圳南山区科技园南区 8 栋 谢谢老板',
    fields: {
      name: '张三丰',
      phone: '13912345678',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      addressLine1: '科技园南区 8 栋',
    },
    unplaced: ['谢谢老板'],
  },
  {
    title: 'full-width digits and letters',
    text: '收件人：邓超　电话：１３８００１３８０００　地址：湖南省长沙市岳麓区麓山南路９３２号',
    fields: {
      name: '邓超',
      phone: '13800138000',
      countryCode: 'CN',
      province: '湖南省',
      city: '长沙市',
      district: '岳麓区',
      addressLine1: '麓山南路932号',
    },
  },
];

const traditional: Case[] = [
  {
    title: 'Traditional labels on lines and a note left unplaced',
    text: '收件人：陳小華\n電話：13800138000\n地址：浙江省杭州市西湖區文三路 100 號\n週末不收貨',
    fields: {
      name: '陳小華',
      phone: '13800138000',
      countryCode: 'CN',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      addressLine1: '文三路 100 號',
    },
    unplaced: ['週末不收貨'],
  },
  {
    title: 'Traditional labels and region; the street stays as typed',
    text: '收件人：黃小明 電話：0912-345-678 地址：廣東省廣州市天河區天河路385號',
    fields: {
      name: '黃小明',
      phone: '0912-345-678',
      countryCode: 'CN',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      addressLine1: '天河路385號',
    },
  },
  {
    title: 'Traditional, unlabelled, city first',
    text: '廣州市天河區體育西路 191 號 中石化大廈 林先生 13800001111',
    fields: {
      name: '林先生',
      phone: '13800001111',
      countryCode: 'CN',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      addressLine1: '體育西路 191 號 中石化大廈',
    },
  },
  {
    title: 'Taiwan address in Traditional',
    text: '台灣 台北市大安區忠孝東路四段1號 陳大文 0912-345-678',
    fields: {
      name: '陳大文',
      phone: '0912-345-678',
      countryCode: 'TW',
      city: '台北市',
      district: '大安區',
      addressLine1: '忠孝東路四段1號',
    },
  },
  {
    title: 'Hong Kong address in Traditional',
    text: '香港九龍尖沙咀彌敦道 100 號 李先生 +852 9123 4567',
    fields: {
      name: '李先生',
      phone: '+852 9123 4567',
      countryCode: 'HK',
      city: '九龍',
      addressLine1: '尖沙咀彌敦道 100 號',
    },
  },
];

const foreign: Case[] = [
  {
    title: 'US letter layout with a suite and a delivery note',
    text: 'John Appleseed\n1 Infinite Loop, Suite 200, Cupertino, CA 95014, USA\n+1 408 555 0100\nPlease ring twice',
    fields: {
      name: 'John Appleseed',
      phone: '+1 408 555 0100',
      countryCode: 'US',
      province: 'CA',
      city: 'Cupertino',
      postalCode: '95014',
      addressLine1: '1 Infinite Loop',
      addressLine2: 'Suite 200',
    },
    unplaced: ['Please ring twice'],
  },
  {
    title: 'US address on one line',
    text: '123 Main St, Apt 4, Springfield, IL 62704, United States',
    fields: {
      countryCode: 'US',
      province: 'IL',
      city: 'Springfield',
      postalCode: '62704',
      addressLine1: '123 Main St',
      addressLine2: 'Apt 4',
    },
  },
  {
    title: 'US address on lines with name and phone',
    text: 'John Smith\n123 Main St\nSpringfield, IL 62704\nUSA\n+1 (217) 555-0134',
    fields: {
      name: 'John Smith',
      phone: '+1 (217) 555-0134',
      countryCode: 'US',
      province: 'IL',
      city: 'Springfield',
      postalCode: '62704',
      addressLine1: '123 Main St',
    },
  },
  {
    title: 'US ZIP+4 with the street number looking like a postal code',
    text: 'Jane Doe, 1600 Amphitheatre Parkway, Mountain View, CA 94043-1351, USA, jane@example.com',
    fields: {
      name: 'Jane Doe',
      email: 'jane@example.com',
      countryCode: 'US',
      province: 'CA',
      city: 'Mountain View',
      postalCode: '94043-1351',
      addressLine1: '1600 Amphitheatre Parkway',
    },
  },
  {
    title: 'English labels, country as ISO code',
    text: 'Name: Sarah Johnson\nTel: 310-555-0199\nEmail: sarah.j@example.com\nAddress: 742 Evergreen Terrace, Springfield, OR 97403\nCountry: US',
    fields: {
      name: 'Sarah Johnson',
      phone: '310-555-0199',
      email: 'sarah.j@example.com',
      countryCode: 'US',
      province: 'OR',
      city: 'Springfield',
      postalCode: '97403',
      addressLine1: '742 Evergreen Terrace',
    },
  },
  {
    title: 'Chinese labels around a US address, country named in Chinese',
    text: '收件人：Tom Lee 国家：美国 地址：500 Broadway, New York, NY 10012 电话：+1 212-555-0199',
    fields: {
      name: 'Tom Lee',
      phone: '+1 212-555-0199',
      countryCode: 'US',
      province: 'NY',
      city: 'New York',
      postalCode: '10012',
      addressLine1: '500 Broadway',
    },
  },
  {
    title: 'German address: house number in its own field',
    text: 'Musterstraße 5, 10115 Berlin, Deutschland',
    fields: {
      countryCode: 'DE',
      city: 'Berlin',
      postalCode: '10115',
      addressLine1: 'Musterstraße',
      houseNumber: '5',
    },
  },
  {
    title: 'German letter layout with company and labelled phone',
    text: 'Max Mustermann\nMusterfirma GmbH\nHauptstraße 12a\n80331 München\nGermany\nTel: +49 89 1234567',
    fields: {
      name: 'Max Mustermann',
      company: 'Musterfirma GmbH',
      phone: '+49 89 1234567',
      countryCode: 'DE',
      city: 'München',
      postalCode: '80331',
      addressLine1: 'Hauptstraße',
      houseNumber: '12a',
    },
  },
  {
    title: 'UK address with a flat and a postcode after the town',
    text: 'Flat 3, 221B Baker Street, London NW1 6XE, UK',
    fields: {
      countryCode: 'GB',
      city: 'London',
      postalCode: 'NW1 6XE',
      addressLine1: '221B Baker Street',
      addressLine2: 'Flat 3',
    },
  },
  {
    title: 'UK letter layout, postcode on its own line',
    text: 'Mr. Oliver Brown\nAcme Trading Ltd\n10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom\n+44 20 7946 0958',
    fields: {
      name: 'Mr. Oliver Brown',
      company: 'Acme Trading Ltd',
      phone: '+44 20 7946 0958',
      countryCode: 'GB',
      city: 'London',
      postalCode: 'SW1A 2AA',
      addressLine1: '10 Downing Street',
    },
  },
  {
    title: 'France',
    text: 'Marie Dupont, 12 rue de la Paix, 75002 Paris, France, +33 1 42 68 53 00',
    fields: {
      name: 'Marie Dupont',
      phone: '+33 1 42 68 53 00',
      countryCode: 'FR',
      city: 'Paris',
      postalCode: '75002',
      addressLine1: '12 rue de la Paix',
    },
  },
  {
    title: 'Japan in kanji with a 〒 postal code',
    text: '〒100-0001 東京都千代田区千代田1-1 山田太郎 03-1234-5678 日本',
    fields: {
      name: '山田太郎',
      phone: '03-1234-5678',
      countryCode: 'JP',
      province: '東京都',
      city: '千代田区',
      postalCode: '100-0001',
      addressLine1: '千代田1-1',
    },
  },
  {
    title: 'Japan in Latin letters with a ward',
    text: 'Taro Yamada, 1-1 Chiyoda, Chiyoda-ku, Tokyo 100-0001, Japan',
    fields: {
      name: 'Taro Yamada',
      countryCode: 'JP',
      district: 'Chiyoda-ku',
      city: 'Tokyo',
      postalCode: '100-0001',
      addressLine1: '1-1 Chiyoda',
    },
  },
  {
    title: 'Canada with a province code',
    text: 'Emily Chen, 290 Bremner Blvd, Toronto ON M5V 3L9, Canada',
    fields: {
      name: 'Emily Chen',
      countryCode: 'CA',
      province: 'ON',
      city: 'Toronto',
      postalCode: 'M5V 3L9',
      addressLine1: '290 Bremner Blvd',
    },
  },
  {
    title: 'Australia with a unit and a local mobile',
    text: 'Liam Wilson, Unit 5, 42 George St, Sydney NSW 2000, Australia, 0412 345 678',
    fields: {
      name: 'Liam Wilson',
      phone: '0412 345 678',
      countryCode: 'AU',
      province: 'NSW',
      city: 'Sydney',
      postalCode: '2000',
      addressLine1: '42 George St',
      addressLine2: 'Unit 5',
    },
  },
  {
    title: 'Netherlands, native country name',
    text: 'Jan de Vries, Keizersgracht 123, 1015 CJ Amsterdam, Nederland',
    fields: {
      name: 'Jan de Vries',
      countryCode: 'NL',
      city: 'Amsterdam',
      postalCode: '1015 CJ',
      addressLine1: 'Keizersgracht',
      houseNumber: '123',
    },
  },
  {
    title: 'Poland, country as a trailing ISO code',
    text: 'Anna Kowalska, ul. Marszałkowska 10, 00-590 Warszawa, PL',
    fields: {
      name: 'Anna Kowalska',
      countryCode: 'PL',
      city: 'Warszawa',
      postalCode: '00-590',
      addressLine1: 'ul. Marszałkowska',
      houseNumber: '10',
    },
  },
  {
    title: 'Hong Kong in English, no postal code (the room number is not one)',
    text: 'Ms. Li Na\nRoom 1203, 18 Harbour Road\nWan Chai, Hong Kong\n+852 2123 4567',
    fields: {
      name: 'Ms. Li Na',
      phone: '+852 2123 4567',
      countryCode: 'HK',
      city: 'Wan Chai',
      addressLine1: '18 Harbour Road',
      addressLine2: 'Room 1203',
    },
  },
];

describe('smart paste', () => {
  for (const [group, cases] of [
    ['Chinese', chinese],
    ['Traditional Chinese', traditional],
    ['foreign', foreign],
  ] as const) {
    describe(group, () => {
      for (const c of cases) {
        it(c.title, () => {
          const result = parseSmartPaste(c.text, reference);
          expect(result.fields).toEqual(c.fields);
          expect(result.unplaced).toEqual(c.unplaced ?? []);
        });
      }
    });
  }

  it('covers at least 30 real-shaped addresses', () => {
    expect(chinese.length + traditional.length + foreign.length).toBeGreaterThanOrEqual(30);
  });

  it('rates exact names above abbreviations and inferences', () => {
    const exact = parseSmartPaste('广东省深圳市南山区科技园 张三 13800138000', reference).confidence;
    expect(exact).toMatchObject({ province: 'high', city: 'high', district: 'high', phone: 'high' });
    const short = parseSmartPaste('深圳南山 科技园 张三', reference).confidence;
    expect(short).toMatchObject({ province: 'medium', city: 'medium', district: 'medium', name: 'medium' });
  });

  it('places nothing it cannot read, and invents nothing', () => {
    expect(parseSmartPaste('你好 请问发货了吗', reference)).toEqual({
      fields: {},
      confidence: {},
      unplaced: ['你好 请问发货了吗'],
    });
    expect(parseSmartPaste('', reference)).toEqual({ fields: {}, confidence: {}, unplaced: [] });
    expect(parseSmartPaste(' \n ，，；', reference).unplaced).toEqual([]);
  });

  it('reads no region without the division data', () => {
    const result = parseSmartPaste('张三 13800138000 广东省深圳市南山区科技园', {});
    expect(result.fields.province).toBeUndefined();
    expect(result.fields).toMatchObject({ name: '张三', phone: '13800138000' });
    expect(result.fields.addressLine1).toBe('广东省深圳市南山区科技园');
  });

  it('strips control, zero-width and direction-override characters', () => {
    const result = parseSmartPaste(
      '收件人：张\u200B三\u0007 电话：138\u202E0013\u00008000 地址：广东省深圳市南山区科技园',
      reference,
    );
    expect(result.fields.name).toBe('张三');
    for (const value of Object.values(result.fields))
      // eslint-disable-next-line no-control-regex
      expect(value).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u200B\u202A-\u202E]/);
  });

  it('reads at most SMART_PASTE_MAX_LENGTH characters of a huge paste', () => {
    const filler = '杂'.repeat(SMART_PASTE_MAX_LENGTH * 5);
    const result = parseSmartPaste(`张三 13800138000 ${filler} 13900139000`, reference);
    expect(result.fields.phone).toBe('13800138000');
    expect(result.unplaced.join('').length).toBeLessThanOrEqual(SMART_PASTE_MAX_LENGTH);
    expect(result.unplaced.join('')).not.toContain('13900139000');
  });

  it('never answers a field longer than the address book allows', () => {
    const street = '科技园'.repeat(120);
    const result = parseSmartPaste(`广东省深圳市南山区${street} 张三`, reference);
    expect(result.fields.addressLine1!.length).toBeLessThanOrEqual(200);
    expect((result.fields.addressLine1 ?? '') + (result.fields.addressLine2 ?? '')).toBe(street);
  });

  it('fills the same fields whatever the order and separators of name, phone and address', () => {
    const random = seeded(20261123);
    const names = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆', '赵磊', '黄丽', '周杰', '吴敏'];
    const regions: [string, string, string, string][] = [
      ['广东省深圳市南山区', '广东省', '深圳市', '南山区'],
      ['浙江杭州西湖区', '浙江省', '杭州市', '西湖区'],
      ['北京市海淀区', '北京市', '北京市', '海淀区'],
      ['上海浦东新区', '上海市', '上海市', '浦东新区'],
      ['四川省 成都市 武侯区', '四川省', '成都市', '武侯区'],
    ];
    const streets = ['科技园南区 8 栋', '文三路 90 号', '中关村大街 27 号', '博云路 2 号 3 楼'];
    const separators = [' ', '，', '\n', ', ', '；', '  ', ' | '];
    for (let i = 0; i < 200; i += 1) {
      const name = pick(random, names);
      const phone = `1${3 + Math.floor(random() * 7)}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
      const [regionText, province, city, district] = pick(random, regions);
      const street = pick(random, streets);
      const parts = shuffle(random, [name, phone, `${regionText}${street}`]);
      const text = parts.map((part, n) => (n === 0 ? part : pick(random, separators) + part)).join('');
      const result = parseSmartPaste(text, reference);
      expect(result.fields, text).toEqual({
        name,
        phone,
        countryCode: 'CN',
        province,
        city,
        district,
        addressLine1: street,
      });
      expect(result.unplaced, text).toEqual([]);
    }
  });

  it('on random input never throws, never exceeds a limit and never invents text', () => {
    const random = seeded(42);
    const alphabet = [
      ...'广东省深圳市南山区北京朝阳海淀上海浦东收件人电话地址號區張三李四王五路街道号楼室栋公司有限',
      ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
      ...' ,.;:-+()#@/\n\t，；：、。｜　１２３\u200b\u202e\u0000\u0007😀〒',
      'Street ',
      'St ',
      'Apt ',
      'Ltd',
      'GmbH',
      'USA',
      'UK',
      'DE',
      'IL ',
      '62704',
      'SW1A 1AA',
      '138',
      '0755-',
      '+86 ',
      '+1 ',
      'Name:',
      'Tel:',
      '收件人：',
      '电话：',
      '地址：',
      '备注：',
      '@example.com',
      '有限公司',
    ];
    const divisions = reference.divisions!;
    for (let i = 0; i < 400; i += 1) {
      const length = i % 50 === 0 ? 3000 : Math.floor(random() * 120);
      const text = Array.from({ length }, () => pick(random, alphabet)).join('');
      const result = parseSmartPaste(text, reference);
      // Everything but official division names comes from the text itself.
      const source = normalizePastedText(text.slice(0, SMART_PASTE_MAX_LENGTH)).replace(/\s+/g, ' ');
      for (const field of SMART_PASTE_FIELDS) {
        const value = result.fields[field];
        if (value === undefined) continue;
        expect(value.trim(), `${field} of ${JSON.stringify(text)}`).toBe(value);
        expect(value.length, field).toBeGreaterThan(0);
        // eslint-disable-next-line no-control-regex
        expect(value, field).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u202A-\u202E]/);
        if (field === 'countryCode') {
          expect(value).toMatch(/^[A-Z]{2}$/);
          continue;
        }
        expect([...value].length, field).toBeLessThanOrEqual(addressTextMax(field));
        const official =
          result.fields.countryCode === 'CN' && ['province', 'city', 'district'].includes(field);
        if (!official)
          for (const word of value.replace(/^〒/, '').split(/\s+/))
            expect(source, `${field} "${value}" of ${JSON.stringify(text)}`).toContain(word);
      }
      if (result.fields.province && result.fields.countryCode === 'CN') {
        // Official names along one path of the tree, possibly stopping early (province only, no district).
        const resolved = divisions.resolve(result.fields);
        const stopsEarly =
          !resolved.ok &&
          ((resolved.problem === 'unknownCity' && !result.fields.city) ||
            (resolved.problem === 'districtRequired' && !result.fields.district));
        expect(resolved.ok || stopsEarly, text).toBe(true);
      }
      for (const piece of result.unplaced) expect(piece.trim().length).toBeGreaterThan(0);
    }
  });
});

/** A small deterministic generator (mulberry32), so a failure names an input that can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function shuffle<T>(random: () => number, items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
