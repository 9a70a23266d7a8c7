import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Certification, SubmitCertification } from '@portal/contracts/customer-info';
import { http } from '../../../lib/http/client';
import { certificationKey } from './get-certification';
import { currUserInfoKey } from '../../../lib/session/curr-user-info';

/** `POST /api/CustomerInfo/SubmitCertification` (org:manage): the facts go to staff with the photos. */
export function submitCertification(input: SubmitCertification): Promise<Certification> {
  return http.post<Certification>(ApiPath.SubmitCertification, input, { silent: true });
}

export function useSubmitCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCertification,
    onSuccess: (certification) => {
      queryClient.setQueryData(certificationKey, certification);
      void queryClient.invalidateQueries({ queryKey: currUserInfoKey });
    },
  });
}
