import { DEFAULT_LABEL_SIZE } from '@portal/contracts/order-list';
import { ApiCode } from '@portal/contracts/envelope';
import type { DocumentExportSource } from '../export/export-source.ts';
import { AppError } from '../../lib/errors.ts';
import { writeLabelsOfIds } from './label.service.ts';

/**
 * Export kind `labels`: the PDF of a task's selected orders (`ids`), written through the same renderer
 * and the same all-or-none check as `PrintLabel`, a batch of orders at a time.
 */
export const labelExportSource: DocumentExportSource = {
  kind: 'labels',
  shape: 'document',
  title: { 'zh-CN': '面单', 'en-US': 'Labels', 'zh-TW': '標籤' },
  extension: 'pdf',
  contentType: 'application/pdf',
  async write(db, request, out, progress) {
    if (!request.ids) throw new AppError(ApiCode.BadRequest, 'label.exportNeedsIds');
    return writeLabelsOfIds(
      db,
      request.customerId,
      request.ids,
      request.labelSize ?? DEFAULT_LABEL_SIZE,
      request.language,
      out,
      progress,
    );
  },
};
