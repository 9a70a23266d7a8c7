import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type {
  OrgStatus,
  SubUser,
  SubUserInsert,
  SubUserQuery,
  SubUserUpdate,
} from '@portal/contracts/organization';
import type { Page } from '@portal/contracts/pagination';
import { http } from '../../../lib/http/client';
import { organizationKeys } from './organization-keys';
import { useOrganizationMutation } from './use-organization-mutation';

/** `GET /api/SystemUser/Query`: one page of the users of a unit (or of everyone). Silent: the table shows it. */
export function querySubUsers(query: SubUserQuery): Promise<Page<SubUser>> {
  return http.get<Page<SubUser>>(ApiPath.QuerySubUsers, { params: query, silent: true });
}

export function useSubUsers(query: SubUserQuery) {
  return useQuery({
    queryKey: organizationKeys.users(query),
    queryFn: () => querySubUsers(query),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/SystemUser/Insert`. Silent: field errors are shown on the form. */
export const useInsertSubUser = () =>
  useOrganizationMutation((body: SubUserInsert) =>
    http.post<SubUser>(ApiPath.InsertSubUser, body, { silent: true }),
  );

/** `POST /api/SystemUser/Update` (edit and move). Silent: field errors are shown on the form. */
export const useUpdateSubUser = () =>
  useOrganizationMutation((body: SubUserUpdate) =>
    http.post<SubUser>(ApiPath.UpdateSubUser, body, { silent: true }),
  );

/** `POST /api/SystemUser/UpdateStatus`: disabling ends the user's sessions. */
export const useUpdateSubUserStatus = () =>
  useOrganizationMutation((body: { id: string; status: OrgStatus }) =>
    http.post<SubUser>(ApiPath.UpdateSubUserStatus, body),
  );

/** `POST /api/SystemUser/ResetPassword`. Silent: the password's problem is shown on the form. */
export const useResetSubUserPassword = () =>
  useOrganizationMutation((body: { id: string; initialPassword: string }) =>
    http.post<null>(ApiPath.ResetSubUserPassword, body, { silent: true }),
  );
