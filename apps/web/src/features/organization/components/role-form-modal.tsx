import { FormModal } from '../../../components/form-modal';
import { useEffect, useState } from 'react';
import { Checkbox, Flex, Form, Input, Radio } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  PERMISSION_GROUPS,
  ROLE_NAME_MAX,
  type DataScope,
  type OrgRole,
} from '@portal/contracts/organization';
import { Permission } from '@portal/contracts/permissions';
import { useAccess } from '../../../lib/access/use-access';
import { uiEffects } from '../../../lib/ui-effects';
import { useInsertRole, useUpdateRole } from '../api/roles';
import { formErrorOf } from '../lib/form-errors';

interface RoleFormValues {
  name: string;
  dataScope: DataScope;
  operationList: string[];
}

const FIELDS = ['name', 'dataScope', 'operationList'] as const;

/** 'order:view' → 'OrderView': the key of the permission's name in the locale section. */
const PERMISSION_KEYS = new Map(Object.entries(Permission).map(([key, id]) => [id as string, key]));

export type RoleFormTarget = { mode: 'create' } | { mode: 'edit'; role: OrgRole };

interface RoleFormModalProps {
  target: RoleFormTarget | null;
  onClose: () => void;
}

/**
 * A role's name, data scope and operation list as grouped checkboxes. Permissions the editor does not
 * hold cannot be ticked (the server refuses them too, and says which).
 */
export function RoleFormModal({ target, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [form] = Form.useForm<RoleFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const insert = useInsertRole();
  const update = useUpdateRole();
  const editing = target?.mode === 'edit' ? target.role : null;

  useEffect(() => {
    if (!target) return;
    setFormError(null);
    form.resetFields();
    form.setFieldsValue(
      target.mode === 'edit'
        ? {
            name: target.role.name,
            dataScope: target.role.dataScope,
            operationList: target.role.operationList,
          }
        : { name: '', dataScope: 'unit', operationList: [] },
    );
  }, [target, form]);

  const submit = async (values: RoleFormValues) => {
    setFormError(null);
    const body = {
      name: values.name,
      dataScope: values.dataScope,
      operationList: values.operationList ?? [],
    };
    try {
      if (editing) await update.mutateAsync({ ...body, id: editing.id });
      else await insert.mutateAsync(body);
      uiEffects.showSuccess(t('organization.roleSaved'));
      onClose();
    } catch (error) {
      setFormError(formErrorOf(form, error, FIELDS, t('http.unknownError')));
    }
  };

  const permissionName = (id: string) => {
    const key = PERMISSION_KEYS.get(id);
    return key ? t(`organization.permissionNames.${key as keyof typeof Permission}`) : id;
  };

  return (
    <FormModal
      open={target !== null}
      title={editing ? t('organization.editRole') : t('organization.addRole')}
      name="orgRoleForm"
      form={form}
      okText={t('organization.save')}
      isSaving={insert.isPending || update.isPending}
      error={formError}
      onSubmit={(values) => void submit(values)}
      onClose={onClose}
      onValuesChange={() => setFormError(null)}
      width={640}
    >
      <Form.Item
        name="name"
        label={t('organization.roleName')}
        rules={[{ required: true, whitespace: true, message: t('organization.roleNameRequired') }]}
      >
        <Input maxLength={ROLE_NAME_MAX} autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item name="dataScope" label={t('organization.dataScope')} extra={t('organization.dataScopeHint')}>
        <Radio.Group
          options={[
            { value: 'unit', label: t('organization.dataScopeUnit') },
            { value: 'all', label: t('organization.dataScopeAll') },
          ]}
        />
      </Form.Item>
      <Form.Item name="operationList" label={t('organization.permissions')}>
        <Checkbox.Group style={{ width: '100%' }}>
          <Flex vertical gap={12} style={{ width: '100%' }}>
            {PERMISSION_GROUPS.map((group) => (
              <fieldset key={group.key} className="org-permission-group">
                <legend className="org-permission-legend">
                  {t(`organization.group.${group.key as 'orders'}`)}
                </legend>
                <Flex wrap gap="4px 16px">
                  {group.permissions.map((permission) => (
                    <Checkbox key={permission} value={permission} disabled={!can(permission)}>
                      {permissionName(permission)}
                    </Checkbox>
                  ))}
                </Flex>
              </fieldset>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
    </FormModal>
  );
}
