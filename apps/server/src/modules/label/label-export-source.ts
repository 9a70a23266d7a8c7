import { DEFAULT_LABEL_SIZE } from '@portal/contracts/order-list';
import type { DocumentExportSource } from '../export/export-source.ts';
import { writeLabelsOfFilter, writeLabelsOfIds } from './label.service.ts';

/**
 * Export kind `labels`: one PDF through the same renderer as `PrintLabel`, a batch of orders at a time.
 * Selected orders (`ids`) pass the same all-or-none check; a filter (or none: every order) takes the
 * orders that have a label, newest first, and leaves drafts and cancelled orders out.
 */
export const labelExportSource: DocumentExportSource = {
  kind: 'labels',
  shape: 'document',
  title: { 'zh-CN': '面单', 'en-US': 'Labels', 'zh-TW': '標籤' },
  extension: 'pdf',
  contentType: 'application/pdf',
  async write(db, request, out, progress) {
    const size = request.labelSize ?? DEFAULT_LABEL_SIZE;
    const { language } = request;
    // The unit data scope of the user who asked, as it is when the task runs.
    if (request.ids) return writeLabelsOfIds(db, request, request.ids, size, language, out, progress);
    return writeLabelsOfFilter(db, request, request.filter ?? {}, size, language, out, progress);
  },
};
