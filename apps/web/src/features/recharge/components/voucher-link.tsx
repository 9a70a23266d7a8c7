import { useState } from 'react';
import { Button } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Recharge } from '@portal/contracts/recharge';
import { downloadFile } from '../../../lib/file-download';

/** A bank transfer's voucher, downloaded through file management under its stored name. */
export function VoucherLink({ recharge }: { recharge: Pick<Recharge, 'voucherFileId' | 'rechargeNo'> }) {
  const { t } = useTranslation();
  const [isDownloading, setIsDownloading] = useState(false);
  if (!recharge.voucherFileId) return null;
  const id = recharge.voucherFileId;
  return (
    <Button
      type="link"
      size="small"
      style={{ paddingInline: 0 }}
      icon={<PaperClipOutlined />}
      loading={isDownloading}
      onClick={() => {
        setIsDownloading(true);
        // The request layer reports a failure; the link only stops spinning.
        void downloadFile(ApiPath.DownloadFile, `voucher-${recharge.rechargeNo}`, { params: { id } })
          .catch(() => undefined)
          .finally(() => setIsDownloading(false));
      }}
      data-testid="recharge-voucher"
    >
      {t('recharge.records.voucher')}
    </Button>
  );
}
