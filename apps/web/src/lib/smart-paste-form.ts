import type { SmartPasteField, SmartPasteResult } from '@portal/contracts/smart-paste';

const CHINA = 'CN';

/**
 * What a smart paste sets in an address form with the address book's field names, where a Chinese
 * address picks province/city/district in one cascader (`region`) and other countries type them.
 */
export interface PastedAddressValues {
  name?: string;
  company?: string;
  phone?: string;
  email?: string;
  countryCode?: string;
  region?: string[];
  province?: string;
  city?: string;
  district?: string;
  postalCode?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
  houseNumber?: string;
}

/** Fields a paste fills as they are, in any country. */
const TEXT_FIELDS = [
  'name',
  'company',
  'phone',
  'email',
  'postalCode',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'houseNumber',
] as const satisfies readonly SmartPasteField[];

/**
 * The form values a smart paste sets: only the fields it found, so what the user typed elsewhere stays.
 * China takes province/city/district in the region cascader (the parser answers official names, from the
 * province down); other countries take them as text. Also answers the fields the form cannot take:
 * divisions pasted without a country while the form is on China (a foreign state is no cascader path).
 * The address drawer uses it; the create-order page can too.
 */
export function pastedAddressValues(
  fields: SmartPasteResult['fields'],
  currentCountry: string,
): { values: PastedAddressValues; skipped: SmartPasteField[] } {
  const values: PastedAddressValues = {};
  const skipped: SmartPasteField[] = [];
  for (const field of TEXT_FIELDS) if (fields[field] !== undefined) values[field] = fields[field];
  const country = fields.countryCode ?? currentCountry;
  if (fields.countryCode) values.countryCode = fields.countryCode;
  const divisions = (['province', 'city', 'district'] as const).filter(
    (field) => fields[field] !== undefined,
  );
  if (country !== CHINA) {
    for (const field of divisions) values[field] = fields[field];
  } else if (fields.countryCode === CHINA && fields.province) {
    values.region = [fields.province, fields.city, fields.district].filter((v): v is string => Boolean(v));
  } else {
    skipped.push(...divisions);
  }
  return { values, skipped };
}
