import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from './organization-keys';

/**
 * A change to units, users or roles may change what the other lists show (user counts, units' names in
 * the user table): every organisation mutation refreshes the page's data.
 */
export function useOrganizationMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
