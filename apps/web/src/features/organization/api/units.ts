import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type {
  OrgStatus,
  OrgUnit,
  OrgUnitInsert,
  OrgUnitNode,
  OrgUnitUpdate,
} from '@portal/contracts/organization';
import { http } from '../../../lib/http/client';
import { organizationKeys } from './organization-keys';
import { useOrganizationMutation } from './use-organization-mutation';

/** `GET /api/SystemOrganization/Query`: the whole department tree. Silent: the panel shows its error state. */
export function queryOrganization(): Promise<OrgUnitNode[]> {
  return http.get<OrgUnitNode[]>(ApiPath.QueryOrganization, { silent: true });
}

export function useOrganizationTree() {
  return useQuery({ queryKey: organizationKeys.tree(), queryFn: queryOrganization });
}

/** `POST /api/SystemOrganization/Insert`. Silent: field errors are shown on the form. */
export const useInsertOrganization = () =>
  useOrganizationMutation((body: OrgUnitInsert) =>
    http.post<OrgUnit>(ApiPath.InsertOrganization, body, { silent: true }),
  );

/** `POST /api/SystemOrganization/Update` (rename and move). Silent: field errors are shown on the form. */
export const useUpdateOrganization = () =>
  useOrganizationMutation((body: OrgUnitUpdate) =>
    http.post<OrgUnit>(ApiPath.UpdateOrganization, body, { silent: true }),
  );

/** `POST /api/SystemOrganization/UpdateStatus`: a refusal is shown as a message by the request layer. */
export const useUpdateOrganizationStatus = () =>
  useOrganizationMutation((body: { id: string; status: OrgStatus }) =>
    http.post<OrgUnit>(ApiPath.UpdateOrganizationStatus, body),
  );
