import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { useConfirmDiscard } from '../lib/use-confirm-discard';

interface FormModalProps<Values> {
  open: boolean;
  title: ReactNode;
  /** The form's name: its fields' ids start with it, and the OK button submits it. */
  name: string;
  form: FormInstance<Values>;
  okText: string;
  isSaving: boolean;
  /** A refusal that names no field, shown above the fields. */
  error: string | null;
  onSubmit: (values: Values) => void;
  onClose: () => void;
  onValuesChange?: () => void;
  initialValues?: Partial<Values>;
  /** Shown above the error and the fields. */
  intro?: ReactNode;
  width?: number;
  children: ReactNode;
}

/**
 * A form in a modal: fields checked on blur and on submit, OK submits it (Enter does too), the refusal that names no field shows above the
 * fields, and closing it with changes typed (Esc, the close button, the mask, Cancel) asks first.
 */
export function FormModal<Values>({
  open,
  title,
  name,
  form,
  okText,
  isSaving,
  error,
  onSubmit,
  onClose,
  onValuesChange,
  initialValues,
  intro,
  width,
  children,
}: FormModalProps<Values>) {
  const { t } = useTranslation();
  const { requestClose, contextHolder } = useConfirmDiscard(() => open && form.isFieldsTouched());
  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => requestClose(onClose)}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: name, loading: isSaving }}
      width={width}
      destroyOnHidden
    >
      {contextHolder}
      <Form<Values>
        name={name}
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={initialValues}
        onFinish={onSubmit}
        onValuesChange={onValuesChange}
      >
        {intro}
        {error ? (
          <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />
        ) : null}
        {children}
      </Form>
    </Modal>
  );
}
