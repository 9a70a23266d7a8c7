import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { DEFAULT_LABEL_SIZE, LABEL_SIZES, type LabelSize } from '@portal/contracts/order-list';
import { isApiError } from '../../../lib/http/api-error';
import { saveBlob } from '../../../lib/save-blob';
import { writeStored } from '../../../lib/storage';
import { useStored } from '../../../lib/use-stored';
import { usePrintLabels } from '../api/print-labels';

/** How long a label PDF's object URL lives: long enough for the new tab to load it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** The remembered label size; anything unknown in storage falls back to the default. */
export function useLabelSize(): [LabelSize, (size: LabelSize) => void] {
  const stored = useStored('labelSize');
  const size = stored && (LABEL_SIZES as readonly string[]).includes(stored) ? stored : DEFAULT_LABEL_SIZE;
  return [size, (next) => writeStored('labelSize', next)];
}

/**
 * Prints labels as one PDF in the remembered size. The tab is opened at the click (a tab opened after
 * the answer would be blocked as a pop-up) and shows the PDF once rendered; when the browser blocks even
 * that, the PDF downloads instead. `printing` names what is rendering (an order id or `batch`).
 */
export function useLabelPrinter() {
  const { t } = useTranslation();
  const [size, setSize] = useLabelSize();
  const print = usePrintLabels();
  const [printing, setPrinting] = useState<string | null>(null);

  const printLabels = async (ids: string[], key: string) => {
    if (printing !== null || ids.length === 0) return;
    const tab = window.open('', '_blank');
    if (tab) {
      tab.document.title = t('orderList.label.rendering', { count: ids.length });
      tab.document.body.textContent = t('orderList.label.rendering', { count: ids.length });
    }
    setPrinting(key);
    try {
      const file = await print.mutateAsync({ ids, size });
      const blob =
        file.blob.type === 'application/pdf' ? file.blob : new Blob([file.blob], { type: 'application/pdf' });
      if (tab && !tab.closed) {
        const url = URL.createObjectURL(blob);
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
      } else {
        saveBlob(blob, file.fileName ?? `labels-${size}.pdf`);
      }
    } catch (error) {
      tab?.close();
      // The request layer has shown the refusal in the interface language.
      if (!isApiError(error)) throw error;
    } finally {
      setPrinting(null);
    }
  };

  return { size, setSize, printing, printLabels };
}
