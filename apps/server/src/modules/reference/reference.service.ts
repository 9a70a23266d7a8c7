import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import {
  EXCHANGE_RATE_SCALE,
  type CnCity,
  type CnDivision,
  type CnDivisionTreeNode,
  type Currency,
  type DictionaryItem,
  type DictionaryTypeCode,
} from '@portal/contracts/reference';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { localize } from '../application/application.service.ts';
import { cnDivisions, searchableCnDivisionTree } from './cn-divisions.ts';
import { DICTIONARIES, isDictionaryTypeCode } from './dictionaries.ts';
import './reference.messages.ts';
import * as repo from './reference.repository.ts';

const plain = (node: CnDivisionTreeNode): CnDivision => ({ name: node.name, code: node.code });

export function listProvinces(): CnDivision[] {
  return cnDivisions().provinces.map(plain);
}

/** Finds a province by name; unknown names are an error, never an empty list. */
export function findProvince(name: string): CnDivisionTreeNode {
  const province = cnDivisions().findProvince(name);
  if (!province) throw new AppError(ApiCode.NotFound, 'reference.provinceNotFound', { name });
  return province;
}

export function listCities(province: CnDivisionTreeNode): CnCity[] {
  return (province.children ?? []).map((city) => ({
    ...plain(city),
    hasDistricts: (city.children ?? []).length > 0,
  }));
}

export function findCity(name: string): CnDivisionTreeNode {
  const city = cnDivisions().findCity(name);
  if (!city) throw new AppError(ApiCode.NotFound, 'reference.cityNotFound', { name });
  return city;
}

/** A city's districts; an empty list for a known city without a district level (仙桃市, 白杨市, …). */
export function listDistricts(city: CnDivisionTreeNode): CnDivision[] {
  return (city.children ?? []).map(plain);
}

/** Built once per language by the route's answer cache (pinyin and conversion are not free). */
export function divisionTree(language: Language): readonly CnDivisionTreeNode[] {
  return searchableCnDivisionTree(language);
}

/** A known dictionary type code; unknown codes are an error, never an empty list. */
export function dictionaryTypeCode(typeCode: string): DictionaryTypeCode {
  if (!isDictionaryTypeCode(typeCode))
    throw new AppError(ApiCode.NotFound, 'reference.dictionaryNotFound', { typeCode });
  return typeCode;
}

export function getDictionary(typeCode: DictionaryTypeCode, language: Language): DictionaryItem[] {
  return DICTIONARIES[typeCode].map((item) => ({
    value: item.value,
    label: item.labels[language],
    labels: item.labels,
  }));
}

/** `7181500` micro-units → `"7.181500"`, exactly. */
export function formatScaledRate(micros: number): string {
  const digits = String(EXCHANGE_RATE_SCALE).length - 1;
  const whole = Math.trunc(micros / EXCHANGE_RATE_SCALE);
  const fraction = String(micros % EXCHANGE_RATE_SCALE).padStart(digits, '0');
  return `${whole}.${fraction}`;
}

export async function listCurrencies(db: Db, language: Language): Promise<Currency[]> {
  const rows = await repo.listEnabledCurrencies(db);
  return rows.map((row) => ({
    currencyCode: row.code,
    name: localize(row.name, language),
    names: JSON.parse(row.name) as Currency['names'],
    symbol: row.symbol,
    minorUnits: row.minor_units,
    rateToCny: formatScaledRate(Number(row.rate_to_cny_micros)),
    rateToCnyMicros: Number(row.rate_to_cny_micros),
    updatedAt: row.updated_at,
  }));
}
