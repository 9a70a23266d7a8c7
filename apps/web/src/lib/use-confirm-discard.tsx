import { useCallback, useEffect, useRef, type ReactElement } from 'react';
import { Modal } from 'antd';
import { useTranslation } from './i18n/use-translation';

export interface ConfirmDiscard {
  /**
   * Closes at once when nothing changed; otherwise asks first and closes only on "Discard". Give it to
   * every way a form closes: a drawer's or modal's `onClose`/`onCancel` (Esc, the close button, the mask)
   * and the form's own Cancel button.
   */
  requestClose: (close: () => void) => void;
  /** The question's mount point (antd's `Modal.useModal`, so it follows the theme and language). */
  contextHolder: ReactElement;
}

/**
 * Asks before a form with unsaved changes is closed. `isDirty` is read when closing is asked for, so it
 * may compare the current values with those the form opened with. While the form is dirty, leaving or
 * reloading the page asks too (the browser's own question).
 */
export function useConfirmDiscard(isDirty: () => boolean): ConfirmDiscard {
  const { t } = useTranslation();
  const [modal, contextHolder] = Modal.useModal();
  const isAsking = useRef(false);
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirtyRef.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const requestClose = useCallback(
    (close: () => void) => {
      if (!isDirtyRef.current()) {
        close();
        return;
      }
      // Esc pressed twice, or the mask clicked while the question is up: one question is enough.
      if (isAsking.current) return;
      isAsking.current = true;
      modal.confirm({
        title: t('unsavedChanges.title'),
        content: t('unsavedChanges.content'),
        okText: t('unsavedChanges.discard'),
        cancelText: t('unsavedChanges.keepEditing'),
        okButtonProps: { danger: true, 'data-testid': 'discard-changes' },
        cancelButtonProps: { 'data-testid': 'keep-editing' },
        autoFocusButton: 'cancel',
        onOk: () => {
          isAsking.current = false;
          close();
        },
        onCancel: () => {
          isAsking.current = false;
        },
      });
    },
    [modal, t],
  );

  return { requestClose, contextHolder };
}
