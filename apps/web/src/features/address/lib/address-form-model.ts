import { en, zhCN, zhTW } from 'zod/locales';
import type {
  Address,
  AddressInput,
  AddressMessage,
  AddressType,
  createAddressSchemas,
} from '@portal/contracts/address';
import { ADDRESS_MESSAGES } from '@portal/contracts/address';
import type { Language } from '@portal/contracts/languages';
import { fieldMessage } from '@portal/contracts/text';
import { addressFormFields } from '../../../lib/address-form-fields';

/** What the form edits. Chinese addresses pick province/city/district in one cascader (`region`). */
export interface AddressFormValues {
  addressType: AddressType;
  name: string;
  company?: string | null;
  phone: string;
  email?: string | null;
  countryCode: string;
  region?: string[];
  province?: string | null;
  city?: string | null;
  district?: string | null;
  postalCode?: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  addressLine3?: string | null;
  houseNumber?: string | null;
  taxId?: string | null;
  isDefault: boolean;
}

export const CHINA = 'CN';

export function emptyFormValues(addressType: AddressType): AddressFormValues {
  return { addressType, name: '', phone: '', countryCode: CHINA, addressLine1: '', isDefault: false };
}

export function formValuesOf(address: Address): AddressFormValues {
  return { addressType: address.addressType, ...addressFormFields(address), isDefault: address.isDefault };
}

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The API body: trimmed texts, blanks as null, the cascader split into province/city/district. */
export function inputOf(values: AddressFormValues): AddressInput {
  const isChina = values.countryCode === CHINA;
  const [province, city, district] = isChina ? (values.region ?? []) : [];
  return {
    addressType: values.addressType,
    name: values.name.trim(),
    company: text(values.company),
    phone: values.phone.trim(),
    email: text(values.email),
    countryCode: values.countryCode,
    province: isChina ? (province ?? null) : text(values.province),
    city: (isChina ? city : text(values.city)) ?? '',
    district: isChina ? (district ?? null) : text(values.district),
    postalCode: text(values.postalCode),
    addressLine1: values.addressLine1.trim(),
    addressLine2: text(values.addressLine2),
    addressLine3: text(values.addressLine3),
    houseNumber: text(values.houseNumber),
    taxId: text(values.taxId),
    isDefault: values.isDefault,
  };
}

/** The form field a server field error belongs to (Chinese divisions live in the cascader). */
export function formFieldOf(serverField: string, countryCode: string): keyof AddressFormValues | null {
  const field = serverField.split('.')[0] ?? '';
  if (countryCode === CHINA && (field === 'province' || field === 'city' || field === 'district'))
    return 'region';
  const known: readonly string[] = [
    'addressType',
    'name',
    'company',
    'phone',
    'email',
    'countryCode',
    'province',
    'city',
    'district',
    'postalCode',
    'addressLine1',
    'addressLine2',
    'addressLine3',
    'houseNumber',
    'taxId',
    'isDefault',
  ];
  return known.includes(field) ? (field as keyof AddressFormValues) : null;
}

function isAddressMessage(message: string): message is AddressMessage {
  return Object.hasOwn(ADDRESS_MESSAGES, message);
}

type AddressSchema = ReturnType<typeof createAddressSchemas>['input'];

// zod's own texts only for structural problems a form cannot produce (wrong value types), as the server does.
const ZOD_LOCALES = { 'zh-CN': zhCN(), 'en-US': en(), 'zh-TW': zhTW() };

/**
 * Checks the whole form with the shared address schema (the one the server applies) and answers the
 * problems by form field, in the interface language.
 */
export function formErrorsOf(
  schema: AddressSchema,
  values: AddressFormValues,
  language: Language,
): Map<keyof AddressFormValues, string[]> {
  const errors = new Map<keyof AddressFormValues, string[]>();
  const result = schema.safeParse(inputOf(values), { error: ZOD_LOCALES[language].localeError });
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = formFieldOf(String(issue.path[0] ?? ''), values.countryCode);
    if (!field) continue;
    // Text-field problems name the field; our message keys come out in the shared texts, as the server's.
    const text =
      fieldMessage(issue.message, 'params' in issue ? issue.params : undefined, language) ??
      (isAddressMessage(issue.message) ? ADDRESS_MESSAGES[issue.message][language] : issue.message);
    const texts = errors.get(field) ?? [];
    if (!texts.includes(text)) errors.set(field, [...texts, text]);
  }
  return errors;
}
