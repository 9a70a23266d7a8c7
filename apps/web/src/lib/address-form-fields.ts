import type { Address } from '@portal/contracts/address';

/** The address fields an address-book entry and an order's shipper or consignee share. */
export type AddressFields = Pick<
  Address,
  | 'name'
  | 'company'
  | 'phone'
  | 'email'
  | 'countryCode'
  | 'province'
  | 'city'
  | 'district'
  | 'postalCode'
  | 'addressLine1'
  | 'addressLine2'
  | 'addressLine3'
  | 'houseNumber'
  | 'taxId'
>;

/**
 * An address-book entry (or an order's party) as the fields of an address form (the address drawer, an order's shipper and
 * consignee): a Chinese address's province, city and district go to the region picker, a foreign one's to
 * their own text fields.
 */
export function addressFormFields(address: AddressFields) {
  const isChina = address.countryCode === 'CN';
  return {
    name: address.name,
    company: address.company,
    phone: address.phone,
    email: address.email,
    countryCode: address.countryCode,
    region: isChina
      ? [address.province, address.city, address.district].filter((v): v is string => Boolean(v))
      : [],
    province: isChina ? null : address.province,
    city: isChina ? null : address.city,
    district: isChina ? null : address.district,
    postalCode: address.postalCode,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    addressLine3: address.addressLine3,
    houseNumber: address.houseNumber,
    taxId: address.taxId,
  };
}
