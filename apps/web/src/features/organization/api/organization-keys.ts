import type { SubUserQuery } from '@portal/contracts/organization';

/** Query keys of the organisation page: a change to units, users or roles refreshes what shows them. */
export const organizationKeys = {
  all: ['organization'] as const,
  tree: () => [...organizationKeys.all, 'tree'] as const,
  users: (query: SubUserQuery) => [...organizationKeys.all, 'users', query] as const,
  roles: () => [...organizationKeys.all, 'roles'] as const,
};
