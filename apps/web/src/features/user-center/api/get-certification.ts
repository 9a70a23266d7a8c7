import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Certification } from '@portal/contracts/customer-info';
import { http } from '../../../lib/http/client';

export const certificationKey = ['customerInfo', 'certification'] as const;

/** `GET /api/CustomerInfo/GetCertification` (org:manage): state, facts, photos, rejection reason. */
export function getCertification(signal?: AbortSignal): Promise<Certification> {
  return http.get<Certification>(ApiPath.GetCertification, { signal, silent: true });
}

export function useCertification() {
  return useQuery({ queryKey: certificationKey, queryFn: ({ signal }) => getCertification(signal) });
}
