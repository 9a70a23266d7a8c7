import type { Language } from '@portal/contracts/languages';
import type { OrderParty } from '@portal/contracts/order';

/** Kilograms as the list and drawer show them: up to 3 decimals, the language's digits grouping. */
export function formatKg(value: number | null | undefined, language: Language): string | null {
  if (value === null || value === undefined) return null;
  return `${value.toLocaleString(language, { maximumFractionDigits: 3 })} kg`;
}

/**
 * A party's address in its country's reading order: a Chinese one from the province down to the street
 * (浙江省杭州市西湖区文三路 100 号), any other from the street up to the province and postal code.
 */
export function partyAddressOf(party: OrderParty): string {
  const street = [party.houseNumber, party.addressLine1, party.addressLine2, party.addressLine3]
    .filter(Boolean)
    .join(' ');
  if (party.countryCode === 'CN')
    return [[party.province, party.city, party.district, street].filter(Boolean).join(''), party.postalCode]
      .filter(Boolean)
      .join(' ');
  return [street, party.district, party.city, party.province, party.postalCode].filter(Boolean).join(', ');
}
