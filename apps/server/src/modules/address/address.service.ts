import {
  createAddressSchemas,
  type Address,
  type AddressFilter,
  type AddressInputParsed,
  type AddressQuery,
  type AddressType,
} from '@portal/contracts/address';
import type { Page } from '@portal/contracts/pagination';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { cnDivisions } from '../reference/cn-divisions.ts';
import { countryCodes } from '../reference/countries.ts';
import './address.messages.ts';
import * as repo from './address.repository.ts';

/**
 * Input schemas with the full reference data: real countries, and for China a real province → city →
 * district. The routes validate JSON bodies with them; the import validates every row with them.
 */
export const addressSchemas = createAddressSchemas({
  countryCodes: countryCodes(),
  cnDivisions: cnDivisions(),
});

export function toAddress(row: repo.AddressAnswerRow): Address {
  return {
    id: row.id,
    addressType: row.address_type,
    name: row.name,
    company: row.company,
    phone: row.phone,
    email: row.email,
    countryCode: row.country_code,
    province: row.province,
    provinceCode: row.province_code,
    city: row.city,
    cityCode: row.city_code,
    district: row.district,
    districtCode: row.district_code,
    postalCode: row.postal_code,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    addressLine3: row.address_line3,
    houseNumber: row.house_number,
    taxId: row.tax_id,
    isDefault: row.is_default === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the keyword search looks through: name, phone (as typed and digits only), company, city. */
function searchText(input: { name: string; phone: string; company: string | null; city: string }): string {
  return [input.name, input.phone, input.phone.replace(/\D/g, ''), input.company ?? '', input.city]
    .join('\n')
    .toLowerCase();
}

/**
 * The stored columns for a validated input. Chinese addresses get the official names and codes of
 * their divisions (so `广东`/`深圳` typed in a sheet are stored as 广东省/深圳市 with 440000/440300).
 */
export function addressColumns(input: AddressInputParsed) {
  let division = {
    province: input.province,
    province_code: null as string | null,
    city: input.city,
    city_code: null as string | null,
    district: input.district,
    district_code: null as string | null,
  };
  if (input.countryCode === 'CN') {
    const resolved = cnDivisions().resolve(input);
    // The schema has already refused unresolvable triples; this branch only fills in names and codes.
    if (resolved.ok) {
      division = {
        province: resolved.province.name,
        province_code: resolved.province.code,
        city: resolved.city.name,
        city_code: resolved.city.code,
        district: resolved.district?.name ?? null,
        district_code: resolved.district?.code ?? null,
      };
    }
  }
  return {
    address_type: input.addressType,
    name: input.name,
    company: input.company,
    phone: input.phone,
    email: input.email,
    country_code: input.countryCode,
    ...division,
    postal_code: input.postalCode,
    address_line1: input.addressLine1,
    address_line2: input.addressLine2,
    address_line3: input.addressLine3,
    house_number: input.houseNumber,
    tax_id: input.taxId,
    search_text: searchText({
      name: input.name,
      phone: input.phone,
      company: input.company,
      city: division.city,
    }),
  };
}

export function newAddressRow(
  customerId: string,
  input: AddressInputParsed,
  now = nowIso(),
): repo.NewAddressRow {
  return {
    id: newId(),
    customer_id: customerId,
    ...addressColumns(input),
    is_default: input.isDefault ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The answer cache's key of a list page: everything the answer depends on — the customer, its address
 * book's version as read with the session, the language of the envelope's message and every field of the
 * parsed query. Undefined (answer uncached) when the version is unknown. A filter added to the query, or
 * anything else the page comes to depend on (a data scope of the user), must join the key.
 */
export function listAnswerKey(auth: AuthContext, language: string, query: AddressQuery): string | undefined {
  const version = auth.listVersions?.addresses;
  if (version === undefined) return undefined;
  const { pageIndex, pageSize, addressType, countryCode, keyword, ...rest } = query;
  // A field this function does not know yet: no key, so the page is read, never served from a wrong key.
  if (Object.keys(rest).length > 0) return undefined;
  return JSON.stringify([
    'addresses',
    auth.customerId,
    version,
    language,
    pageIndex,
    pageSize,
    addressType ?? null,
    countryCode ?? null,
    keyword ?? null,
  ]);
}

export async function listAddresses(db: Db, auth: AuthContext, query: AddressQuery): Promise<Page<Address>> {
  const { pageIndex, pageSize, ...filter } = query;
  const { items, total } = await repo.listAddresses(db, auth.customerId, filter satisfies AddressFilter, {
    pageIndex,
    pageSize,
  });
  return { items: items.map(toAddress), total, pageIndex, pageSize };
}

export async function getAddress(db: Db, auth: AuthContext, id: string): Promise<Address> {
  const row = await repo.findAddress(db, auth.customerId, id);
  if (!row) throw notFound();
  return toAddress(row);
}

export async function getDefaultAddress(
  db: Db,
  auth: AuthContext,
  addressType: AddressType,
): Promise<Address | null> {
  const row = await repo.findDefaultAddress(db, auth.customerId, addressType);
  return row ? toAddress(row) : null;
}

export async function createAddress(db: Db, auth: AuthContext, input: AddressInputParsed): Promise<Address> {
  const row = newAddressRow(auth.customerId, input);
  await db.transaction().execute(async (trx) => {
    if (row.is_default) {
      await repo.lockCustomerAddresses(trx, auth.customerId);
      await repo.clearDefault(trx, auth.customerId, input.addressType);
    }
    await repo.insertAddresses(trx, [row]);
  });
  return getAddress(db, auth, row.id);
}

/** Replaces every field; `isDefault` omitted keeps the current flag (which follows a change of type). */
export async function updateAddress(
  db: Db,
  auth: AuthContext,
  input: AddressInputParsed & { id: string },
): Promise<Address> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.findAddress(trx, auth.customerId, input.id);
    if (!current) throw notFound();
    const isDefault = input.isDefault ?? current.is_default === 1;
    if (isDefault) {
      await repo.lockCustomerAddresses(trx, auth.customerId);
      await repo.clearDefault(trx, auth.customerId, input.addressType, input.id);
    }
    await repo.updateAddress(trx, auth.customerId, input.id, {
      ...addressColumns(input),
      is_default: isDefault ? 1 : 0,
      updated_at: nowIso(),
    });
  });
  return getAddress(db, auth, input.id);
}

/** Deletes all the given addresses or none: one id that is not the caller's answers NotFound. */
export async function deleteAddresses(db: Db, auth: AuthContext, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    if ((await repo.countOwned(trx, auth.customerId, unique)) !== unique.length) throw notFound();
    return repo.deleteAddresses(trx, auth.customerId, unique);
  });
}

/** Makes one address the default of its type; the previous default stops being one, in the same transaction. */
export async function setDefaultAddress(db: Db, auth: AuthContext, id: string): Promise<Address> {
  await db.transaction().execute(async (trx) => {
    await repo.lockCustomerAddresses(trx, auth.customerId);
    const current = await repo.findAddress(trx, auth.customerId, id);
    if (!current) throw notFound();
    await repo.clearDefault(trx, auth.customerId, current.address_type, id);
    if (current.is_default !== 1)
      await repo.updateAddress(trx, auth.customerId, id, { is_default: 1, updated_at: nowIso() });
  });
  return getAddress(db, auth, id);
}
