import { useCallback, useState } from 'react';
import { Button, Modal, Popconfirm } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { WeChatQr } from '../../../components/wechat-qr';
import { isApiError } from '../../../lib/http/api-error';
import { uiEffects } from '../../../lib/ui-effects';
import { cancelBinding, getBindingQrCode, pollBinding, transferBinding } from '../../../lib/wechat';
import { securitySettingQuery } from '../api/get-security-setting';

/** The security panel's WeChat row action: bind by scanning a QR in a modal, or unbind after confirming. */
export function WeChatBinding({ isBound }: { isBound: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isBinding, setIsBinding] = useState(false);
  const [isUnbinding, setIsUnbinding] = useState(false);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: securitySettingQuery.queryKey }),
    [queryClient],
  );

  const onConfirmed = useCallback(
    async (sceneId: string) => {
      await transferBinding(sceneId);
      setIsBinding(false);
      uiEffects.showSuccess(t('wechat.binding.bound'));
      await refresh();
    },
    [refresh, t],
  );

  const unbind = async () => {
    setIsUnbinding(true);
    try {
      await cancelBinding();
      uiEffects.showSuccess(t('wechat.binding.unbound'));
      await refresh();
    } catch (error) {
      if (isApiError(error)) uiEffects.showError(error.message);
    } finally {
      setIsUnbinding(false);
    }
  };

  if (isBound)
    return (
      <Popconfirm
        title={t('wechat.binding.unbindTitle')}
        description={t('wechat.binding.unbindContent')}
        okText={t('wechat.binding.unbind')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, loading: isUnbinding }}
        onConfirm={unbind}
      >
        <Button size="small" danger data-testid="wechat-unbind">
          {t('wechat.binding.unbind')}
        </Button>
      </Popconfirm>
    );
  return (
    <>
      <Button size="small" type="primary" onClick={() => setIsBinding(true)} data-testid="wechat-bind">
        {t('wechat.binding.bind')}
      </Button>
      <Modal
        open={isBinding}
        title={t('wechat.binding.modalTitle')}
        footer={null}
        onCancel={() => setIsBinding(false)}
        destroyOnHidden
        width={360}
      >
        <WeChatQr purpose="bind" open={getBindingQrCode} poll={pollBinding} onConfirmed={onConfirmed} />
      </Modal>
    </>
  );
}
