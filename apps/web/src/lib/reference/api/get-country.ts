import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Language } from '@portal/contracts/languages';
import type { Country } from '@portal/contracts/reference';
import { http } from '../../http/client';
import { REFERENCE_GC_TIME_MS, REFERENCE_STALE_TIME_MS } from '../reference-cache';
import { useLanguage } from '../../i18n/use-language';

/** `GET /api/Common/GetCountry`: every ISO 3166-1 country with its names in the three languages. */
export function getCountries(): Promise<Country[]> {
  return http.get<Country[]>(ApiPath.GetCountry);
}

// Every answer carries all three names, so one cache entry serves every interface language.
export const countriesQuery = queryOptions({
  queryKey: ['reference', 'countries'],
  queryFn: getCountries,
  staleTime: REFERENCE_STALE_TIME_MS,
  gcTime: REFERENCE_GC_TIME_MS,
});

export function useCountries() {
  return useQuery(countriesQuery);
}

/** Countries by code, plus a function giving a code's name in the interface language (the code itself when unknown). */
export function useCountryNames(): {
  byCode: ReadonlyMap<string, Country>;
  nameOf: (code: string) => string;
} {
  const { data } = useCountries();
  const language: Language = useLanguage();
  return useMemo(() => {
    const byCode = new Map((data ?? []).map((country) => [country.code, country]));
    return { byCode, nameOf: (code: string) => byCode.get(code)?.name[language] ?? code };
  }, [data, language]);
}
