import { en, zhCN, zhTW } from 'zod/locales';
import type { Address } from '@portal/contracts/address';
import { ADDRESS_MESSAGES } from '@portal/contracts/address';
import type { Language } from '@portal/contracts/languages';
import {
  ORDER_MESSAGES,
  type createOrderCreateSchema,
  type Order,
  type OrderCreateInput,
} from '@portal/contracts/order';
import { ExtraServiceCode, type CustomsTerms, type QuoteRequest } from '@portal/contracts/product';
import { QUANTITY_MESSAGES } from '@portal/contracts/quantity';
import { fieldMessage } from '@portal/contracts/text';
import { addressFormFields } from '../../../lib/address-form-fields';
import { majorTextToMinor, minorToMajorText } from '../../../lib/money';

/**
 * What the create-order form edits, and the pure steps from it to the API: the quote request, the
 * Create body, and server field errors back onto form fields. Numbers are kept as the typed text
 * (weights in kg, lengths in cm, money in major units) and converted only here.
 */

export const CHINA = 'CN';
/** The declared items' currency a new form starts with (cross-border declarations are mostly in USD). */
export const DEFAULT_DECLARED_CURRENCY = 'USD';

export interface PartyValues {
  name: string;
  company?: string | null;
  phone: string;
  email?: string | null;
  countryCode?: string | null;
  /** China: province, city, district picked in one cascader. */
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
}

export interface ParcelValues {
  weight: string;
  length: string;
  width: string;
  height: string;
}

export interface ItemValues {
  nameCn: string;
  nameEn: string;
  hsCode?: string | null;
  sku?: string | null;
  quantity: string;
  unitPrice: string;
  unitWeight?: string | null;
  originCountryCode?: string | null;
  material?: string | null;
  purpose?: string | null;
}

/** The sender comes from the address book, or is typed (a new user's book may hold none). */
export type ShipperMode = 'book' | 'typed';

export interface OrderFormValues {
  productCode: string | null;
  customerOrderNo?: string | null;
  shipperMode: ShipperMode;
  shipperAddressId: string | null;
  shipper?: PartyValues;
  /** The address-book entry the consignee was filled from (a picker only; the typed fields are sent). */
  consigneeAddressId?: string | null;
  consignee: PartyValues;
  saveConsignee: boolean;
  parcels: ParcelValues[];
  items: ItemValues[];
  /** The one currency of every declared item (the schema refuses mixed currencies). */
  declaredCurrency: string;
  customsTerms: CustomsTerms | null;
  iossNumber?: string | null;
  eoriNumber?: string | null;
  hasBattery: boolean;
  /** Major units of the items' currency; blank = not insured. */
  insuranceValue?: string | null;
  signature: boolean;
  remark?: string | null;
}

export const emptyParcel = (): ParcelValues => ({ weight: '', length: '', width: '', height: '' });
export const emptyItem = (): ItemValues => ({
  nameCn: '',
  nameEn: '',
  quantity: '1',
  unitPrice: '',
  originCountryCode: CHINA,
});
export const emptyParty = (): PartyValues => ({ name: '', phone: '', addressLine1: '', countryCode: null });

export function emptyOrderValues(shipperAddressId: string | null = null): OrderFormValues {
  return {
    productCode: null,
    customerOrderNo: '',
    shipperMode: 'book',
    shipperAddressId,
    shipper: { ...emptyParty(), countryCode: CHINA },
    consigneeAddressId: null,
    consignee: emptyParty(),
    saveConsignee: false,
    parcels: [emptyParcel()],
    items: [emptyItem()],
    declaredCurrency: DEFAULT_DECLARED_CURRENCY,
    customsTerms: null,
    hasBattery: false,
    signature: false,
  };
}

/** An address-book entry as the consignee's typed fields (editable after picking). */
export function partyValuesOf(address: Address): PartyValues {
  return addressFormFields(address);
}

/**
 * A saved order as the form's values: `edit` keeps its reference number (the draft is saved again under
 * it), `copy` leaves it blank (a reference number is unique per customer). The order keeps a copy of both
 * parties, so the sender comes back typed, not as an address-book pick.
 */
export function orderFormValuesOf(order: Order, mode: 'edit' | 'copy'): OrderFormValues {
  const currencyCode = order.items[0]?.currencyCode ?? order.declaredCurrencyCode;
  return {
    productCode: order.productCode,
    customerOrderNo: mode === 'edit' ? order.customerOrderNo : '',
    shipperMode: 'typed',
    shipperAddressId: null,
    shipper: addressFormFields(order.shipper),
    consigneeAddressId: null,
    consignee: addressFormFields(order.consignee),
    saveConsignee: false,
    parcels: order.parcels.map((parcel) => ({
      weight: String(parcel.weight),
      length: String(parcel.length),
      width: String(parcel.width),
      height: String(parcel.height),
    })),
    items: order.items.map((item) => ({
      nameCn: item.nameCn,
      nameEn: item.nameEn,
      hsCode: item.hsCode,
      sku: item.sku,
      quantity: String(item.quantity),
      unitPrice: minorToMajorText(item.unitPrice, item.currencyCode),
      unitWeight: item.unitWeight === null ? null : String(item.unitWeight),
      originCountryCode: item.originCountryCode,
      material: item.material,
      purpose: item.purpose,
    })),
    declaredCurrency: currencyCode || DEFAULT_DECLARED_CURRENCY,
    customsTerms: order.customsTerms,
    iossNumber: order.iossNumber,
    eoriNumber: order.eoriNumber,
    hasBattery: order.hasBattery,
    insuranceValue:
      order.insuranceValue === null ? null : minorToMajorText(order.insuranceValue, currencyCode),
    signature: order.extraServiceCodes.includes(ExtraServiceCode.Signature),
    remark: order.remark,
  };
}

const DECIMAL = /^\d+(\.\d+)?$/;
/** A typed non-negative decimal ("1.5", "20") as a number, else null. */
export function decimalOf(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : null;
}
/** A typed whole number ("3") as a number, else null. */
export function integerOf(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The declared items' one currency. */
export function declaredCurrencyOf(values: Pick<OrderFormValues, 'declaredCurrency'>): string {
  return values.declaredCurrency || DEFAULT_DECLARED_CURRENCY;
}

/**
 * Σ quantity × unit price over the items whose numbers are complete, in minor units of the declared
 * currency; `complete` says every item counted.
 */
export function declaredTotalOf(values: Pick<OrderFormValues, 'items' | 'declaredCurrency'>): {
  amount: number;
  currencyCode: string;
  complete: boolean;
} {
  const currencyCode = declaredCurrencyOf(values);
  let amount = 0;
  let complete = values.items.length > 0;
  for (const item of values.items) {
    const quantity = integerOf(item.quantity);
    const price = majorTextToMinor(item.unitPrice ?? '', currencyCode);
    if (quantity === null || price === null) complete = false;
    else amount += quantity * price;
  }
  return { amount, currencyCode, complete };
}

function parcelOf(parcel: ParcelValues) {
  return {
    weight: decimalOf(parcel.weight),
    length: decimalOf(parcel.length),
    width: decimalOf(parcel.width),
    height: decimalOf(parcel.height),
  };
}

function extraServicesOf(values: OrderFormValues): OrderCreateInput['extraServiceCodes'] {
  const codes: NonNullable<OrderCreateInput['extraServiceCodes']> = [];
  const insured = majorTextToMinor(values.insuranceValue ?? '', declaredCurrencyOf(values));
  if (insured !== null && insured > 0) codes.push(ExtraServiceCode.Insurance);
  if (values.signature) codes.push(ExtraServiceCode.Signature);
  return codes;
}

/**
 * The quote the form describes, or null while it does not describe a shipment yet (no destination, or a
 * parcel without a valid weight and size). Only the inputs that change a price are in it, so typing a
 * name or a remark asks nothing.
 */
export function quoteRequestOf(values: OrderFormValues): QuoteRequest | null {
  const countryCode = (values.consignee?.countryCode ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode)) return null;
  if (values.parcels.length === 0) return null;
  const parcels = [];
  for (const parcel of values.parcels) {
    const { weight, length, width, height } = parcelOf(parcel);
    if (!weight || !length || !width || !height) return null;
    parcels.push({ weight, length, width, height });
  }
  const declared = declaredTotalOf(values);
  const extraServiceCodes = extraServicesOf(values);
  const insured = majorTextToMinor(values.insuranceValue ?? '', declared.currencyCode);
  const ioss = (values.iossNumber ?? '').trim().toUpperCase();
  return {
    countryCode,
    postalCode: blankToNull(values.consignee.postalCode),
    parcels,
    declaredValue: declared.amount,
    currencyCode: declared.currencyCode,
    hasBattery: values.hasBattery,
    ...(extraServiceCodes && extraServiceCodes.length > 0 ? { extraServiceCodes } : {}),
    ...(values.customsTerms ? { customsTerms: values.customsTerms } : {}),
    // A typed IOSS number lets IOSS lines check it; none typed: not checked yet (the hints say it is needed).
    ...(/^[A-Z0-9]{1,12}$/.test(ioss) ? { iossNumber: ioss } : {}),
    ...(insured !== null && insured > 0 ? { insuranceValue: insured } : {}),
  };
}

/** A stable text of a quote request, for comparing (same inputs → same text). */
export const quoteKeyOf = (request: QuoteRequest | null): string =>
  request === null ? '' : JSON.stringify(request);

function partyBodyOf(party: PartyValues): NonNullable<OrderCreateInput['consignee']> {
  const country = (party.countryCode ?? '').toUpperCase();
  const isChina = country === CHINA;
  const [province, city, district] = isChina ? (party.region ?? []) : [];
  return {
    name: (party.name ?? '').trim(),
    company: blankToNull(party.company),
    phone: (party.phone ?? '').trim(),
    email: blankToNull(party.email),
    countryCode: country,
    province: isChina ? (province ?? null) : blankToNull(party.province),
    city: (isChina ? city : blankToNull(party.city)) ?? '',
    district: isChina ? (district ?? null) : blankToNull(party.district),
    postalCode: blankToNull(party.postalCode),
    addressLine1: (party.addressLine1 ?? '').trim(),
    addressLine2: blankToNull(party.addressLine2),
    addressLine3: blankToNull(party.addressLine3),
    houseNumber: blankToNull(party.houseNumber),
    taxId: blankToNull(party.taxId),
  };
}

/** A number the schema refuses with its own words when the text is not one (NaN is never sent silently). */
const numberOrNaN = (value: number | null) => (value === null ? Number.NaN : value);

/** The Create body. Typed numbers become kg / cm / minor units; blanks become null. */
export function orderBodyOf(values: OrderFormValues, submit: boolean): OrderCreateInput {
  const currencyCode = declaredCurrencyOf(values);
  const insuranceText = blankToNull(values.insuranceValue);
  const insuranceValue =
    insuranceText === null ? null : numberOrNaN(majorTextToMinor(insuranceText, currencyCode));
  return {
    productCode: values.productCode ?? '',
    customerOrderNo: blankToNull(values.customerOrderNo),
    ...(values.shipperMode === 'typed'
      ? { shipperAddressId: null, shipper: partyBodyOf(values.shipper ?? emptyParty()) }
      : { shipperAddressId: values.shipperAddressId, shipper: null }),
    consignee: partyBodyOf(values.consignee),
    saveConsignee: values.saveConsignee,
    parcels: values.parcels.map((parcel) => {
      const p = parcelOf(parcel);
      return {
        weight: numberOrNaN(p.weight),
        length: numberOrNaN(p.length),
        width: numberOrNaN(p.width),
        height: numberOrNaN(p.height),
      };
    }),
    items: values.items.map((item) => {
      const unitWeight = blankToNull(item.unitWeight);
      return {
        nameCn: (item.nameCn ?? '').trim(),
        nameEn: (item.nameEn ?? '').trim(),
        hsCode: blankToNull(item.hsCode),
        sku: blankToNull(item.sku),
        quantity: numberOrNaN(integerOf(item.quantity)),
        unitPrice: numberOrNaN(majorTextToMinor(item.unitPrice ?? '', currencyCode)),
        currencyCode,
        unitWeight: unitWeight === null ? null : numberOrNaN(decimalOf(unitWeight)),
        originCountryCode: blankToNull(item.originCountryCode),
        material: blankToNull(item.material),
        purpose: blankToNull(item.purpose),
      };
    }),
    customsTerms: values.customsTerms ?? null,
    iossNumber: blankToNull(values.iossNumber)?.toUpperCase() ?? null,
    eoriNumber: blankToNull(values.eoriNumber),
    hasBattery: values.hasBattery,
    insuranceValue,
    extraServiceCodes: extraServicesOf(values),
    remark: blankToNull(values.remark),
    submit,
  };
}

/** A form field's path (antd `NamePath`). */
export type FieldPath = (string | number)[];

/** What decides where a field error goes: the parties' countries and how the sender is given. */
export type FormPathContext = Pick<OrderFormValues, 'shipperMode'> & {
  consignee?: Pick<PartyValues, 'countryCode'>;
  shipper?: Pick<PartyValues, 'countryCode'>;
};

function partyPath(
  party: 'consignee' | 'shipper',
  field: string | undefined,
  country: string | null | undefined,
): FieldPath {
  if (!field) return [party, 'name'];
  if ((country ?? '').toUpperCase() === CHINA && ['province', 'city', 'district'].includes(field))
    return [party, 'region'];
  return [party, field];
}

/**
 * The form field a server (or schema) field error belongs to: `consignee.city` of a Chinese consignee is
 * the region cascader, `parcels.0.weight` the first parcel's weight, `shipper` the shipper picker (or the
 * typed sender's field).
 */
export function formPathOf(serverField: string, context: FormPathContext): FieldPath | null {
  const parts = serverField.split('.').filter((part) => part !== '');
  const [head, second, third] = parts;
  switch (head) {
    case 'consignee':
      return partyPath('consignee', second, context.consignee?.countryCode);
    case 'shipper':
      return context.shipperMode === 'typed'
        ? partyPath('shipper', second, context.shipper?.countryCode)
        : ['shipperAddressId'];
    case 'shipperAddressId':
      return ['shipperAddressId'];
    case 'parcels':
    case 'items': {
      const index = Number(second);
      if (!second) return head === 'items' ? ['declaredCurrency'] : null;
      if (!Number.isInteger(index) || !third) return null;
      if (head === 'items' && third === 'currencyCode') return ['declaredCurrency'];
      return [head, index, third];
    }
    case 'extraServiceCodes':
      return ['insuranceValue'];
    case 'productCode':
    case 'customerOrderNo':
    case 'customsTerms':
    case 'iossNumber':
    case 'eoriNumber':
    case 'hasBattery':
    case 'insuranceValue':
    case 'remark':
      return [head];
    default:
      return null;
  }
}

export const pathKey = (path: FieldPath): string => path.join('.');

type OrderSchema = ReturnType<typeof createOrderCreateSchema>;
const ZOD_LOCALES = { 'zh-CN': zhCN(), 'en-US': en(), 'zh-TW': zhTW() };
const OWN_MESSAGES: Record<string, Record<Language, string>> = {
  ...ADDRESS_MESSAGES,
  ...ORDER_MESSAGES,
  ...QUANTITY_MESSAGES,
};

/**
 * Checks the Create body with the contracts' schema (the one the server applies) and answers the
 * problems by form field (`pathKey`), in the interface language. `productCode` is left out: the quote
 * panel asks for a product.
 */
export function orderFormErrorsOf(
  schema: OrderSchema,
  values: OrderFormValues,
  language: Language,
): Map<string, string[]> {
  const errors = new Map<string, string[]>();
  const result = schema.safeParse(orderBodyOf(values, false), { error: ZOD_LOCALES[language].localeError });
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = formPathOf(issue.path.join('.'), values);
    if (!path || path[0] === 'productCode') continue;
    const text =
      fieldMessage(issue.message, 'params' in issue ? issue.params : undefined, language) ??
      OWN_MESSAGES[issue.message]?.[language] ??
      issue.message;
    const key = pathKey(path);
    const texts = errors.get(key) ?? [];
    if (!texts.includes(text)) errors.set(key, [...texts, text]);
  }
  return errors;
}

/**
 * A customer reference number nobody typed: the date and time, then random letters ("CO20261123-1405-7KQ2").
 * Unique per customer is the server's rule; this makes a clash unlikely, and the server says so if one happens.
 */
export function generateCustomerOrderNo(now: Date = new Date(), random: () => number = Math.random): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}`;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let tail = '';
  for (let i = 0; i < 4; i += 1) tail += alphabet[Math.floor(random() * alphabet.length)] ?? 'X';
  return `CO${date}-${time}-${tail}`;
}

/** A fresh Idempotency-Key (one per form; a new one after a success or a reset). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
