import type { Address } from '@portal/contracts/address';

/** The street part of an address on one line: lines 1–3 and the house number. */
export function streetOf(address: Address): string {
  return [address.addressLine1, address.addressLine2, address.addressLine3, address.houseNumber]
    .filter(Boolean)
    .join(', ');
}

/**
 * Province / city / district, as far as the address has them; `localName` shows each stored name in the
 * interface's script (see useRegionNameInScript).
 */
export function regionOf(address: Address, localName: (name: string) => string = (name) => name): string {
  return [address.province, address.city, address.district]
    .filter((part): part is string => Boolean(part))
    .map(localName)
    .join(' / ');
}
