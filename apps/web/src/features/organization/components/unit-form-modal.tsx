import { FormModal } from '../../../components/form-modal';
import { useEffect, useMemo, useState } from 'react';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ORG_UNIT_NAME_MAX, type OrgUnitNode } from '@portal/contracts/organization';
import { uiEffects } from '../../../lib/ui-effects';
import { useInsertOrganization, useUpdateOrganization } from '../api/units';
import { formErrorOf } from '../lib/form-errors';
import { findUnit, subtreeIdsOf, unitOptions } from '../lib/unit-tree';

interface UnitFormValues {
  name: string;
  parentId: string | null;
  sortOrder: number;
}

const FIELDS = ['name', 'parentId', 'sortOrder'] as const;

export type UnitFormTarget =
  { mode: 'create'; parentId: string | null } | { mode: 'edit'; unit: OrgUnitNode };

interface UnitFormModalProps {
  target: UnitFormTarget | null;
  tree: readonly OrgUnitNode[];
  onClose: () => void;
}

/**
 * Adds a unit, or renames and moves one: a unit cannot be moved under itself or its sub-units (those
 * are not offered; the server refuses them too). Enter saves, Esc closes.
 */
export function UnitFormModal({ target, tree, onClose }: UnitFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UnitFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const insert = useInsertOrganization();
  const update = useUpdateOrganization();
  const editing = target?.mode === 'edit' ? target.unit : null;
  const options = useMemo(
    () => unitOptions(tree, editing ? subtreeIdsOf(editing) : new Set()),
    [tree, editing],
  );
  // The top unit of a manager who sees only its own subtree: its parent is outside the tree shown (and
  // outside what the manager may manage), so the unit stays where it is and only its name changes.
  const parentOutside =
    editing !== null && editing.parentId !== null && findUnit(tree, editing.parentId) === null;

  useEffect(() => {
    if (!target) return;
    setFormError(null);
    form.resetFields();
    form.setFieldsValue(
      target.mode === 'edit'
        ? { name: target.unit.name, parentId: target.unit.parentId, sortOrder: target.unit.sortOrder }
        : { name: '', parentId: target.parentId, sortOrder: 0 },
    );
  }, [target, form]);

  const submit = async (values: UnitFormValues) => {
    setFormError(null);
    const parentId = parentOutside && editing ? editing.parentId : (values.parentId ?? null);
    const body = { name: values.name, parentId, sortOrder: values.sortOrder ?? 0 };
    try {
      if (editing) await update.mutateAsync({ ...body, id: editing.id });
      else await insert.mutateAsync(body);
      uiEffects.showSuccess(t('organization.unitSaved'));
      onClose();
    } catch (error) {
      setFormError(formErrorOf(form, error, FIELDS, t('http.unknownError')));
    }
  };

  return (
    <FormModal
      open={target !== null}
      title={editing ? t('organization.editUnit') : t('organization.addUnit')}
      name="orgUnitForm"
      form={form}
      okText={t('organization.save')}
      isSaving={insert.isPending || update.isPending}
      error={formError}
      onSubmit={(values) => void submit(values)}
      onClose={onClose}
      onValuesChange={() => setFormError(null)}
    >
      <Form.Item
        name="name"
        label={t('organization.unitName')}
        rules={[{ required: true, whitespace: true, message: t('organization.unitNameRequired') }]}
      >
        <Input maxLength={ORG_UNIT_NAME_MAX} autoFocus autoComplete="off" />
      </Form.Item>
      {parentOutside ? null : (
        <Form.Item name="parentId" label={t('organization.parentUnit')}>
          <TreeSelect
            treeData={options}
            allowClear
            treeDefaultExpandAll
            placeholder={t('organization.topLevel')}
            fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          />
        </Form.Item>
      )}
      <Form.Item name="sortOrder" label={t('organization.sortOrder')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
