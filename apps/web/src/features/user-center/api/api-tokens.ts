import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type {
  ApiTokenCreated,
  ApiTokenDeleteInput,
  ApiTokenInsertInput,
  ApiTokenQueryResult,
} from '@portal/contracts/api-token';
import { http } from '../../../lib/http/client';

export const apiTokensKey = ['customerApiTokens'] as const;

/** `GET /api/CustomerApiToken/Query`: the customer's tokens, newest first. Silent: the panel shows errors. */
export function queryApiTokens(signal?: AbortSignal): Promise<ApiTokenQueryResult> {
  return http.get<ApiTokenQueryResult>(ApiPath.QueryApiToken, { signal, silent: true });
}

export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: ({ signal }) => queryApiTokens(signal) });
}

/** `POST /api/CustomerApiToken/Insert`: answers the token with its secret, this once. Silent (field errors). */
export function insertApiToken(input: ApiTokenInsertInput): Promise<ApiTokenCreated> {
  return http.post<ApiTokenCreated>(ApiPath.InsertApiToken, input, { silent: true });
}

/** `POST /api/CustomerApiToken/Delete`. */
export function deleteApiToken(input: ApiTokenDeleteInput): Promise<unknown> {
  return http.post<unknown>(ApiPath.DeleteApiToken, input);
}

export function useInsertApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function useDeleteApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
