import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  OrgIdQuerySchema,
  OrgTreeSchema,
  OrgUnitInsertSchema,
  OrgUnitSchema,
  OrgUnitStatusSchema,
  OrgUnitUpdateSchema,
  RoleIdSchema,
  RoleInsertSchema,
  RoleSchema,
  RoleUpdateSchema,
  SubUserInsertSchema,
  SubUserQuerySchema,
  SubUserResetPasswordSchema,
  SubUserSchema,
  SubUserStatusSchema,
  SubUserUpdateSchema,
} from '@portal/contracts/organization';
import { pageSchema } from '@portal/contracts/pagination';
import { Permission } from '@portal/contracts/permissions';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './organization.service.ts';

/** Small forms only: the largest (a role with every permission) is well under 2 KiB. */
const ORG_BODY_LIMIT = 8 * 1024;

/** `SystemOrganization/*`, `SystemUser/*`, `SystemRole/*`: the customer's units, sub-users and roles (org:manage). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: Permission.OrgManage, dataScope: 'organization' } as const;
  const unitTags = ['organization'];
  const userTags = ['organization'];
  const post = { config, bodyLimit: ORG_BODY_LIMIT };

  app.get(
    ApiPath.QueryOrganization,
    {
      config,
      schema: {
        tags: unitTags,
        summary: "The customer's department tree",
        response: { 200: envelopeSchema(OrgTreeSchema) },
      },
    },
    async (request) => request.ok(await service.queryTree(app.db, request.auth)),
  );

  app.get(
    ApiPath.GetOrganizationById,
    {
      config,
      schema: {
        tags: unitTags,
        summary: 'One unit',
        querystring: OrgIdQuerySchema,
        response: { 200: envelopeSchema(OrgUnitSchema) },
      },
    },
    async (request) => request.ok(await service.getUnit(app.db, request.auth, request.query.id)),
  );

  app.post(
    ApiPath.InsertOrganization,
    {
      ...post,
      schema: {
        tags: unitTags,
        summary: 'Add a unit (under a parent, or at the top)',
        body: OrgUnitInsertSchema,
        response: { 200: envelopeSchema(OrgUnitSchema) },
      },
    },
    async (request) =>
      request.ok(await service.insertUnit(app.db, request.auth, request.body), 'organization.saved'),
  );

  app.post(
    ApiPath.UpdateOrganization,
    {
      ...post,
      schema: {
        tags: unitTags,
        summary: 'Rename or move a unit (never under its own subtree)',
        body: OrgUnitUpdateSchema,
        response: { 200: envelopeSchema(OrgUnitSchema) },
      },
    },
    async (request) =>
      request.ok(await service.updateUnit(app.db, request.auth, request.body), 'organization.saved'),
  );

  app.post(
    ApiPath.UpdateOrganizationStatus,
    {
      ...post,
      schema: {
        tags: unitTags,
        summary: "Enable or disable a unit and its sub-units; disabling ends its users' sessions",
        body: OrgUnitStatusSchema,
        response: { 200: envelopeSchema(OrgUnitSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.updateUnitStatus(app.db, request.auth, request.body),
        'organization.statusChanged',
      ),
  );

  app.get(
    ApiPath.QuerySubUsers,
    {
      config,
      schema: {
        tags: userTags,
        summary: "The customer's users, of one unit (and its sub-units) or all",
        querystring: SubUserQuerySchema,
        response: { 200: envelopeSchema(pageSchema(SubUserSchema)) },
      },
    },
    async (request) => request.ok(await service.listUsers(app.db, request.auth, request.query)),
  );

  app.post(
    ApiPath.InsertSubUser,
    {
      ...post,
      schema: {
        tags: userTags,
        summary: 'Add a sub-user with an initial password (changed at the first sign-in)',
        body: SubUserInsertSchema,
        response: { 200: envelopeSchema(SubUserSchema) },
      },
    },
    async (request) =>
      request.ok(await service.insertUser(app.db, request.auth, request.body), 'organization.saved'),
  );

  app.post(
    ApiPath.UpdateSubUser,
    {
      ...post,
      schema: {
        tags: userTags,
        summary: "Edit a sub-user: details, unit, roles (never beyond the caller's own)",
        body: SubUserUpdateSchema,
        response: { 200: envelopeSchema(SubUserSchema) },
      },
    },
    async (request) =>
      request.ok(await service.updateUser(app.db, request.auth, request.body), 'organization.saved'),
  );

  app.post(
    ApiPath.UpdateSubUserStatus,
    {
      ...post,
      schema: {
        tags: userTags,
        summary: 'Enable or disable a sub-user; disabling ends its sessions',
        body: SubUserStatusSchema,
        response: { 200: envelopeSchema(SubUserSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.updateUserStatus(app.db, request.auth, request.body),
        'organization.statusChanged',
      ),
  );

  app.post(
    ApiPath.ResetSubUserPassword,
    {
      ...post,
      schema: {
        tags: userTags,
        summary: 'Give a sub-user a new initial password; its sessions end',
        body: SubUserResetPasswordSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.resetPassword(app.db, request.auth, request.body);
      return request.ok(null, 'organization.passwordReset');
    },
  );

  app.get(
    ApiPath.QueryRoles,
    {
      config,
      schema: {
        tags: userTags,
        summary: "The customer's roles with their operation lists and data scopes",
        response: { 200: envelopeSchema(z.array(RoleSchema)) },
      },
    },
    async (request) => request.ok(await service.listRoles(app.db, request.auth)),
  );

  app.post(
    ApiPath.InsertRole,
    {
      ...post,
      schema: {
        tags: userTags,
        summary: 'Add a role (only permissions the caller holds)',
        body: RoleInsertSchema,
        response: { 200: envelopeSchema(RoleSchema) },
      },
    },
    async (request) =>
      request.ok(await service.insertRole(app.db, request.auth, request.body), 'organization.saved'),
  );

  app.post(
    ApiPath.UpdateRole,
    {
      ...post,
      schema: {
        tags: userTags,
        summary: "Edit a role's name, operation list and data scope",
        body: RoleUpdateSchema,
        response: { 200: envelopeSchema(RoleSchema) },
      },
    },
    async (request) =>
      request.ok(await service.updateRole(app.db, request.auth, request.body), 'organization.saved'),
  );

  app.post(
    ApiPath.DeleteRole,
    {
      ...post,
      schema: {
        tags: userTags,
        summary: 'Delete a role no user holds',
        body: RoleIdSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteRole(app.db, request.auth, request.body.id);
      return request.ok(null, 'organization.roleDeleted');
    },
  );
};
