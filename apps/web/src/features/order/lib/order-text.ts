import type { Language } from '@portal/contracts/languages';
import type { OrderParty } from '@portal/contracts/order';

/** Kilograms as the list and drawer show them: up to 3 decimals, the language's digits grouping. */
export function formatKg(value: number | null | undefined, language: Language): string | null {
  if (value === null || value === undefined) return null;
  return `${value.toLocaleString(language, { maximumFractionDigits: 3 })} kg`;
}

/** A party's address in reading order: street lines, then district, city, province, postal code. */
export function partyAddressOf(party: OrderParty): string {
  const street = [party.houseNumber, party.addressLine1, party.addressLine2, party.addressLine3]
    .filter(Boolean)
    .join(' ');
  return [street, party.district, party.city, party.province, party.postalCode].filter(Boolean).join(', ');
}
