import { useMemo, useRef, useState } from 'react';
import { Button, Empty, Flex, Segmented, Spin, Typography } from 'antd';
import { DownloadOutlined, StopOutlined, UndoOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  ORDER_IMPORT_VIEWS,
  type OrderImportSummary,
  type OrderImportView,
  type OrderSheetField,
} from '@portal/contracts/order-import';
import { ListLoadError } from '../../../components/list-load-error';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useExcludeOrderImportRows } from '../api/exclude-order-import-rows';
import { useUpdateOrderImportRow } from '../api/update-order-import-row';
import { cellEditOf, firstErrorField, nextErrorIndex, viewCountOf } from '../lib/order-import-model';
import { useImportRowPages } from '../lib/use-import-row-pages';
import { GridBody, type CellRef, type GridActions, type GridBodyHandle, type LoadedRow } from './grid-body';

interface ImportGridProps {
  summary: OrderImportSummary;
  /** While `ready`: cells edit and orders are excluded; otherwise the grid only shows. */
  editable: boolean;
  onDownloadErrors: () => void;
  isDownloadingErrors: boolean;
}

/**
 * The rows of an import: views all / invalid / valid / excluded with their counts, the rows page by page
 * as the user scrolls (`useImportRowPages`) in the virtual grid (`GridBody`), each cell editable in place
 * (validation re-runs for that row on the server), orders excluded or taken back (a selection or one row:
 * always whole orders), and "next error".
 */
export function ImportGrid({ summary, editable, onDownloadErrors, isDownloadingErrors }: ImportGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = useIsMobile();
  const [view, setView] = useState<OrderImportView>(summary.invalidOrderCount > 0 ? 'invalid' : 'all');
  const pages = useImportRowPages(summary.id, view);
  const [editing, setEditing] = useState<CellRef | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [cursor, setCursor] = useState(-1);
  const grid = useRef<GridBodyHandle>(null);
  const update = useUpdateOrderImportRow();
  const exclude = useExcludeOrderImportRows();
  const { rows } = pages;

  const changeView = (next: OrderImportView) => {
    setView(next);
    setSelected([]);
    setEditing(null);
    setCursor(-1);
    grid.current?.scrollToTop();
  };

  const save = async (row: LoadedRow, field: OrderSheetField, text: string) => {
    const values = cellEditOf(row, field, text);
    if (values) {
      try {
        await update.mutateAsync({ id: summary.id, rowNumber: row.rowNumber, values });
      } catch (error) {
        if (!isApiError(error)) throw error;
        // The editor stays open with the text, so the user corrects it rather than types it again.
        uiEffects.showError(error.message);
        return;
      }
    }
    setEditing(null);
    grid.current?.focusField(row.rowNumber, field);
  };

  const setExcluded = async (rowNumbers: number[], excluded: boolean) => {
    if (rowNumbers.length === 0) return;
    await exclude.mutateAsync({ id: summary.id, rowNumbers, excluded });
    setSelected([]);
  };

  const goToNextError = () => {
    const next = nextErrorIndex(rows, cursor);
    if (next === null) {
      if (view !== 'invalid' && summary.invalidOrderCount > 0) changeView('invalid');
      return;
    }
    setCursor(next);
    const field = firstErrorField(rows[next] as LoadedRow);
    grid.current?.moveTo({ index: next, col: field ? grid.current.colOf(field) : 0 }, 'start');
  };

  const selectable = useMemo(
    () => rows.flatMap((line) => (line.kind === 'row' && line.state !== 'created' ? [line.rowNumber] : [])),
    [rows],
  );
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  // The grid's actions stay the same object while it scrolls (so its lines' `memo` holds); they read the
  // latest rows, selection and handlers through a ref.
  const latest = useRef({ rows, selectable, save, setExcluded });
  latest.current = { rows, selectable, save, setExcluded };
  const { ensurePage } = pages;
  const actions = useMemo<GridActions>(
    () => ({
      ensurePage,
      toggleSelected: (rowNumber) =>
        setSelected((current) =>
          current.includes(rowNumber) ? current.filter((one) => one !== rowNumber) : [...current, rowNumber],
        ),
      setAllSelected: (all) => setSelected(all ? latest.current.selectable : []),
      setExcluded: (rowNumber, excluded) => void latest.current.setExcluded([rowNumber], excluded),
      onCellEdit: (rowNumber, field) => setEditing({ rowNumber, field }),
      onCellCancel: (rowNumber, field) => {
        setEditing(null);
        grid.current?.focusField(rowNumber, field);
      },
      onCellSave: (rowNumber, field, text) => {
        const row = latest.current.rows.find(
          (line): line is LoadedRow => line.kind === 'row' && line.rowNumber === rowNumber,
        );
        if (row) void latest.current.save(row, field, text);
      },
    }),
    [ensurePage],
  );
  const selectedCount = useMemo(
    () => selectable.filter((rowNumber) => selectedSet.has(rowNumber)).length,
    [selectable, selectedSet],
  );

  return (
    <Flex vertical gap={12} data-testid="order-import-grid">
      <Flex gap={8} wrap align="center" justify="space-between">
        <Segmented<OrderImportView>
          value={view}
          onChange={changeView}
          options={ORDER_IMPORT_VIEWS.map((item) => ({
            value: item,
            label: (
              <span data-testid={`order-import-view-${item}`}>
                {t(`orderImport.view.${item}`)}{' '}
                <Typography.Text
                  type={item === 'invalid' && summary.invalidOrderCount > 0 ? 'danger' : 'secondary'}
                >
                  {viewCountOf(summary, item).toLocaleString(language)}
                </Typography.Text>
              </span>
            ),
          }))}
        />
        <Flex gap={8} wrap>
          {editable ? (
            <>
              <Button
                icon={<StopOutlined />}
                disabled={selected.length === 0}
                loading={exclude.isPending}
                onClick={() => void setExcluded(selected, true)}
                data-testid="order-import-exclude-selected"
              >
                {t('orderImport.grid.excludeSelected')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                disabled={selected.length === 0}
                onClick={() => void setExcluded(selected, false)}
                data-testid="order-import-include-selected"
              >
                {t('orderImport.grid.includeSelected')}
              </Button>
            </>
          ) : null}
          <Button
            icon={<WarningOutlined />}
            disabled={summary.errorCount === 0}
            onClick={goToNextError}
            data-testid="order-import-next-error"
          >
            {t('orderImport.grid.nextError')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={isDownloadingErrors}
            onClick={onDownloadErrors}
            data-testid="order-import-error-report"
          >
            {t('orderImport.downloadErrors')}
          </Button>
        </Flex>
      </Flex>
      {editable ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('orderImport.grid.editHint')}
        </Typography.Text>
      ) : null}
      {pages.error ? (
        <ListLoadError error={pages.error} onRetry={pages.retry} />
      ) : (
        <Spin spinning={pages.isLoading}>
          {!pages.isLoading && rows.length === 0 ? (
            <Empty
              className="order-import-grid-empty"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(`orderImport.grid.empty.${view}`)}
              data-testid="order-import-table"
            />
          ) : (
            <GridBody
              ref={grid}
              rows={rows}
              editable={editable}
              isMobile={isMobile}
              label={t('orderImport.grid.label')}
              selected={selectedSet}
              selectable={selectable.length}
              selectedCount={selectedCount}
              editing={editing}
              isSaving={update.isPending}
              cursor={cursor}
              actions={actions}
            />
          )}
        </Spin>
      )}
    </Flex>
  );
}
