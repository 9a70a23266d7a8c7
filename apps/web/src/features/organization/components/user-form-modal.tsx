import { FormModal } from '../../../components/form-modal';
import { useEffect, useMemo, useState } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  LOGIN_NAME_MAX,
  ORGANIZATION_FIELD_MESSAGES,
  type OrgRole,
  type OrgUnitNode,
  type SubUser,
} from '@portal/contracts/organization';
import { useLanguage } from '../../../lib/i18n/use-language';
import { newPasswordProblem } from '../../../lib/password-rule';
import { uiEffects } from '../../../lib/ui-effects';
import { useInsertSubUser, useUpdateSubUser } from '../api/sub-users';
import { formErrorOf } from '../lib/form-errors';
import { unitOptions } from '../lib/unit-tree';

interface UserFormValues {
  loginName: string;
  displayName: string;
  phone?: string;
  email?: string;
  orgUnitId: string | null;
  roleIds: string[];
  initialPassword: string;
}

const FIELDS = [
  'loginName',
  'displayName',
  'phone',
  'email',
  'orgUnitId',
  'roleIds',
  'initialPassword',
] as const;

export type UserFormTarget = { mode: 'create'; orgUnitId: string | null } | { mode: 'edit'; user: SubUser };

interface UserFormModalProps {
  target: UserFormTarget | null;
  tree: readonly OrgUnitNode[];
  roles: readonly OrgRole[];
  onClose: () => void;
}

/**
 * Creates a sub-user (login name and an initial password it must change at first sign-in) or edits one:
 * name, phone, email, unit (moving it) and roles. The server's field problems land on the fields; a
 * refusal naming no field (a role granting more than the editor holds) shows above the form.
 */
export function UserFormModal({ target, tree, roles, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form] = Form.useForm<UserFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const insert = useInsertSubUser();
  const update = useUpdateSubUser();
  const editing = target?.mode === 'edit' ? target.user : null;
  const options = useMemo(() => unitOptions(tree), [tree]);

  useEffect(() => {
    if (!target) return;
    setFormError(null);
    form.resetFields();
    form.setFieldsValue(
      target.mode === 'edit'
        ? {
            loginName: target.user.loginName,
            displayName: target.user.displayName,
            phone: target.user.phone ?? '',
            email: target.user.email ?? '',
            orgUnitId: target.user.orgUnitId,
            roleIds: target.user.roles.map((role) => role.id),
          }
        : { orgUnitId: target.orgUnitId, roleIds: [] },
    );
  }, [target, form]);

  const submit = async (values: UserFormValues) => {
    setFormError(null);
    const common = {
      displayName: values.displayName,
      phone: values.phone || null,
      email: values.email || null,
      orgUnitId: values.orgUnitId ?? null,
      roleIds: values.roleIds ?? [],
    };
    try {
      if (editing) await update.mutateAsync({ ...common, id: editing.id });
      else
        await insert.mutateAsync({
          ...common,
          loginName: values.loginName,
          initialPassword: values.initialPassword,
        });
      uiEffects.showSuccess(t('organization.userSaved'));
      onClose();
    } catch (error) {
      setFormError(formErrorOf(form, error, FIELDS, t('http.unknownError')));
    }
  };

  const loginNameRule = ORGANIZATION_FIELD_MESSAGES['organization.loginNameInvalid'][language];

  return (
    <FormModal
      open={target !== null}
      title={editing ? t('organization.editUser') : t('organization.addUser')}
      name="orgUserForm"
      form={form}
      okText={t('organization.save')}
      isSaving={insert.isPending || update.isPending}
      error={formError}
      onSubmit={(values) => void submit(values)}
      onClose={onClose}
      onValuesChange={() => setFormError(null)}
    >
      <Form.Item
        name="loginName"
        label={t('organization.loginName')}
        extra={editing ? undefined : loginNameRule}
        rules={
          editing ? [] : [{ required: true, whitespace: true, message: t('organization.loginNameRequired') }]
        }
      >
        <Input
          maxLength={LOGIN_NAME_MAX}
          disabled={Boolean(editing)}
          autoFocus={!editing}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item
        name="displayName"
        label={t('organization.displayName')}
        rules={[{ required: true, whitespace: true, message: t('organization.displayNameRequired') }]}
      >
        <Input maxLength={50} autoFocus={Boolean(editing)} autoComplete="off" />
      </Form.Item>
      <Form.Item name="phone" label={t('organization.phone')}>
        <Input maxLength={20} inputMode="tel" autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" label={t('organization.email')}>
        <Input maxLength={100} inputMode="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="orgUnitId" label={t('organization.unit')}>
        <TreeSelect
          treeData={options}
          allowClear
          treeDefaultExpandAll
          placeholder={t('organization.noUnit')}
        />
      </Form.Item>
      <Form.Item name="roleIds" label={t('organization.roles')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={roles.map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      {editing ? null : (
        <Form.Item
          name="initialPassword"
          label={t('organization.initialPassword')}
          extra={t('organization.initialPasswordHint')}
          rules={[
            { required: true, message: t('organization.initialPasswordRequired') },
            {
              validator: (_, value: string | undefined) => {
                const problem = value ? newPasswordProblem(value) : null;
                return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
    </FormModal>
  );
}
