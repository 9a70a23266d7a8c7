import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { OrgRole, RoleInsert, RoleUpdate } from '@portal/contracts/organization';
import { http } from '../../../lib/http/client';
import { organizationKeys } from './organization-keys';
import { useOrganizationMutation } from './use-organization-mutation';

/** `GET /api/SystemRole/Query`: the customer's roles. Silent: the list shows its error state. */
export function queryRoles(): Promise<OrgRole[]> {
  return http.get<OrgRole[]>(ApiPath.QueryRoles, { silent: true });
}

export function useRoles() {
  return useQuery({ queryKey: organizationKeys.roles(), queryFn: queryRoles });
}

/** `POST /api/SystemRole/Insert`. Silent: field errors (and escalation refusals) are shown on the form. */
export const useInsertRole = () =>
  useOrganizationMutation((body: RoleInsert) =>
    http.post<OrgRole>(ApiPath.InsertRole, body, { silent: true }),
  );

/** `POST /api/SystemRole/Update`. Silent: field errors (and escalation refusals) are shown on the form. */
export const useUpdateRole = () =>
  useOrganizationMutation((body: RoleUpdate) =>
    http.post<OrgRole>(ApiPath.UpdateRole, body, { silent: true }),
  );

/** `POST /api/SystemRole/Delete`: a role still held is refused with a message by the request layer. */
export const useDeleteRole = () =>
  useOrganizationMutation((id: string) => http.post<null>(ApiPath.DeleteRole, { id }));
