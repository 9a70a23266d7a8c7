import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Flex,
  Segmented,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
  type GetRef,
  type TableColumnsType,
} from 'antd';
import { DownloadOutlined, StopOutlined, UndoOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ORDER_IMPORT_VIEWS,
  ORDER_SHEET_COLUMN,
  ORDER_SHEET_COLUMNS,
  type OrderImportRowState,
  type OrderImportSummary,
  type OrderImportView,
  type OrderSheetField,
} from '@portal/contracts/order-import';
import { ListLoadError } from '../../../components/list-load-error';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useExcludeOrderImportRows } from '../api/exclude-order-import-rows';
import { useUpdateOrderImportRow } from '../api/update-order-import-row';
import {
  cellEditOf,
  cellErrorsOf,
  firstErrorField,
  nextErrorIndex,
  pageOfIndex,
  SHEET_PARTS,
  sheetColumnsLeftOf,
  sheetColumnWidth,
  viewCountOf,
  type GridRow,
} from '../lib/order-import-model';
import { useImportRowPages } from '../lib/use-import-row-pages';
import { SheetCell } from './sheet-cell';

type LoadedRow = Extract<GridRow, { kind: 'row' }>;
interface CellRef {
  rowNumber: number;
  field: OrderSheetField;
}

const STATE_COLORS: Record<OrderImportRowState, string> = {
  valid: 'success',
  invalid: 'error',
  excluded: 'default',
  created: 'processing',
};
const ROW_HEIGHT = 40;
const SELECTION_WIDTH = 44;
const ROW_NUMBER_WIDTH = 72;
const STATE_WIDTH = 96;
const ERRORS_WIDTH = 280;
const WEIGHT_WIDTH = 110;
const CHARGE_WIDTH = 120;
/** The columns before the sheet's own (row number, state, errors, weight, charge). */
const LEADING_WIDTH = ROW_NUMBER_WIDTH + STATE_WIDTH + ERRORS_WIDTH + WEIGHT_WIDTH + CHARGE_WIDTH;

/** Stands for the row number in a column's worded cell label (worded once per column, not per cell). */
const ROW_MARK = '#ROW#';

/** A row's errors per field, worked out once per row object (a row draws ~40 cells). */
const cellErrorCache = new WeakMap<LoadedRow, Map<OrderSheetField, string[]>>();
function cellErrorsOfRow(row: LoadedRow): Map<OrderSheetField, string[]> {
  let errors = cellErrorCache.get(row);
  if (!errors) {
    errors = cellErrorsOf(row);
    cellErrorCache.set(row, errors);
  }
  return errors;
}

/** Asks for a placeholder line's page when the virtual table draws it. */
function PageRequest({ index, onNeed }: { index: number; onNeed: (page: number) => void }) {
  useEffect(() => onNeed(pageOfIndex(index)), [index, onNeed]);
  return <Typography.Text type="secondary">…</Typography.Text>;
}

interface ImportGridProps {
  summary: OrderImportSummary;
  /** While `ready`: cells edit and orders are excluded; otherwise the grid only shows. */
  editable: boolean;
  onDownloadErrors: () => void;
  isDownloadingErrors: boolean;
}

/**
 * The rows of an import in a virtual table that stays smooth at 10,000 lines: rows arrive page by page as
 * the user scrolls (`useImportRowPages`), views all / invalid / valid / excluded with their counts, the
 * sheet's columns in the template's groups with their errors marked, each cell editable in place, orders
 * excluded or taken back (a selection or one row: always whole orders), and "next error".
 */
export function ImportGrid({ summary, editable, onDownloadErrors, isDownloadingErrors }: ImportGridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = useIsMobile();
  const { token } = theme.useToken();
  const [view, setView] = useState<OrderImportView>(summary.invalidOrderCount > 0 ? 'invalid' : 'all');
  const pages = useImportRowPages(summary.id, view);
  const [editing, setEditing] = useState<CellRef | null>(null);
  const [focusCell, setFocusCell] = useState<CellRef | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [cursor, setCursor] = useState(-1);
  const table = useRef<GetRef<typeof Table<GridRow>>>(null);
  const update = useUpdateOrderImportRow();
  const exclude = useExcludeOrderImportRows();

  const changeView = (next: OrderImportView) => {
    setView(next);
    setSelected([]);
    setEditing(null);
    setCursor(-1);
  };

  const save = useCallback(
    async (row: LoadedRow, field: OrderSheetField, text: string) => {
      const values = cellEditOf(row, field, text);
      const cell = { rowNumber: row.rowNumber, field };
      if (!values) {
        setEditing(null);
        setFocusCell(cell);
        return;
      }
      try {
        await update.mutateAsync({ id: summary.id, rowNumber: row.rowNumber, values });
        setEditing(null);
        setFocusCell(cell);
      } catch (error) {
        if (!isApiError(error)) throw error;
        // The editor stays open with the text, so the user corrects it rather than types it again.
        uiEffects.showError(error.message);
      }
    },
    [summary.id, update],
  );

  const setExcluded = async (rowNumbers: number[], excluded: boolean) => {
    if (rowNumbers.length === 0) return;
    await exclude.mutateAsync({ id: summary.id, rowNumbers, excluded });
    setSelected([]);
  };

  const goToNextError = () => {
    const next = nextErrorIndex(pages.rows, cursor);
    if (next === null) {
      if (view !== 'invalid' && summary.invalidOrderCount > 0) changeView('invalid');
      return;
    }
    setCursor(next);
    const line = pages.rows[next] as LoadedRow;
    const field = firstErrorField(line);
    table.current?.scrollTo({ index: next, align: 'start' });
    // Sideways through the table's own scroll (so its header follows): the cell just past the pinned columns.
    if (field) {
      const pinned = isMobile ? 0 : (editable ? SELECTION_WIDTH : 0) + ROW_NUMBER_WIDTH + STATE_WIDTH;
      const leading = (editable ? SELECTION_WIDTH : 0) + LEADING_WIDTH;
      // The virtual body takes `left` (rc-virtual-list); the table's type names only the vertical keys.
      const sideways = {
        left: Math.max(0, leading + sheetColumnsLeftOf(field) - pinned - 16),
        align: 'start' as const,
      };
      table.current?.scrollTo(sideways);
    }
    // Once the line is drawn, its first cell in error takes the focus.
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(`.order-import-cell.is-error[data-row="${line.rowNumber}"]`)
          ?.focus({ preventScroll: true }),
      ),
    );
  };

  // The cells' callbacks take the row and field, so they stay the same while the grid scrolls and `memo`
  // holds; the latest rows and save are read through refs.
  const rowsRef = useRef(pages.rows);
  rowsRef.current = pages.rows;
  const saveRef = useRef(save);
  saveRef.current = save;
  const onCellEdit = useCallback(
    (rowNumber: number, field: OrderSheetField) => setEditing({ rowNumber, field }),
    [],
  );
  const onCellCancel = useCallback((rowNumber: number, field: OrderSheetField) => {
    setEditing(null);
    setFocusCell({ rowNumber, field });
  }, []);
  const onCellSave = useCallback((rowNumber: number, field: OrderSheetField, text: string) => {
    const row = rowsRef.current.find(
      (line): line is LoadedRow => line.kind === 'row' && line.rowNumber === rowNumber,
    );
    if (row) void saveRef.current(row, field, text);
  }, []);

  const isSaving = update.isPending;
  const columns = useMemo<TableColumnsType<GridRow>>(() => {
    const sheetColumn = (field: OrderSheetField) => {
      const column = ORDER_SHEET_COLUMN[field];
      const header = column.header[language];
      const labelTemplate = t('orderImport.grid.cellLabel', { column: header, row: ROW_MARK });
      return {
        key: field,
        width: sheetColumnWidth(field),
        title: (
          <Tooltip title={column.hint[language]}>
            <span>
              {header}
              {column.required ? <Typography.Text type="danger">{' *'}</Typography.Text> : null}
            </span>
          </Tooltip>
        ),
        render: (_: unknown, record: GridRow) => {
          if (record.kind === 'placeholder') return null;
          const isEditing = editing?.rowNumber === record.rowNumber && editing.field === field;
          return (
            <SheetCell
              rowNumber={record.rowNumber}
              field={field}
              text={record.values[field] ?? ''}
              errors={cellErrorsOfRow(record).get(field)}
              label={labelTemplate.replace(ROW_MARK, String(record.rowNumber))}
              editable={editable && record.state !== 'created'}
              isEditing={isEditing}
              isSaving={isEditing && isSaving}
              takeFocus={focusCell?.rowNumber === record.rowNumber && focusCell.field === field}
              onEdit={onCellEdit}
              onSave={onCellSave}
              onCancel={onCellCancel}
            />
          );
        },
      };
    };
    return [
      {
        key: 'rowNumber',
        title: t('orderImport.grid.row'),
        width: ROW_NUMBER_WIDTH,
        fixed: isMobile ? undefined : 'left',
        render: (_, record) =>
          record.kind === 'placeholder' ? (
            <PageRequest index={record.index} onNeed={pages.ensurePage} />
          ) : (
            <span data-testid="order-import-row-number" data-row={record.rowNumber}>
              {record.rowNumber}
            </span>
          ),
      },
      {
        key: 'state',
        title: t('orderImport.grid.state'),
        width: STATE_WIDTH,
        fixed: isMobile ? undefined : 'left',
        render: (_, record) =>
          record.kind === 'row' ? (
            <Tag color={STATE_COLORS[record.state]} data-testid="order-import-row-state">
              {t(`orderImport.state.${record.state}`)}
            </Tag>
          ) : null,
      },
      {
        key: 'errors',
        title: t('orderImport.grid.errors'),
        width: ERRORS_WIDTH,
        render: (_, record) => {
          if (record.kind === 'placeholder' || record.errors.length === 0) return null;
          const lines = record.errors.map(
            (error) => `${ORDER_SHEET_COLUMN[error.field].header[language]}: ${error.message}`,
          );
          // A plain element with the native title: an antd Tooltip and Typography ellipsis per row measured
          // and mounted a tree on every scroll step.
          return (
            <span
              className="order-import-row-errors"
              title={lines.join('\n')}
              data-testid="order-import-row-errors"
            >
              <WarningOutlined style={{ marginInlineEnd: 4 }} />
              {lines.join('; ')}
            </span>
          );
        },
      },
      {
        key: 'chargeableWeight',
        title: t('orderImport.grid.chargeableWeight'),
        width: WEIGHT_WIDTH,
        align: 'right',
        render: (_, record) =>
          record.kind === 'row' && record.isLead && record.chargeableWeight !== null
            ? `${record.chargeableWeight.toLocaleString(language)} kg`
            : null,
      },
      {
        key: 'charge',
        title: t('orderImport.grid.charge'),
        width: CHARGE_WIDTH,
        align: 'right',
        render: (_, record) =>
          record.kind === 'row' &&
          record.isLead &&
          record.chargeAmount !== null &&
          record.chargeCurrencyCode ? (
            <span data-testid="order-import-row-charge">
              {formatMoney(record.chargeAmount, record.chargeCurrencyCode, language)}
            </span>
          ) : null,
      },
      ...SHEET_PARTS.map((part) => ({
        key: part,
        // A group's title starts over its first column, not in the middle of columns scrolled out of view.
        align: 'left' as const,
        title: t(`orderImport.part.${part}`),
        children: ORDER_SHEET_COLUMNS.filter((column) => column.part === part).map((column) =>
          sheetColumn(column.field),
        ),
      })),
      {
        key: 'actions',
        title: t('orderImport.grid.actions'),
        width: 110,
        fixed: isMobile ? undefined : 'right',
        render: (_, record) => {
          if (record.kind === 'placeholder' || !editable || record.state === 'created') return null;
          const isExcluded = record.state === 'excluded';
          return (
            <Button
              size="small"
              type="link"
              icon={isExcluded ? <UndoOutlined /> : <StopOutlined />}
              onClick={() => void setExcluded([record.rowNumber], !isExcluded)}
              aria-label={t(isExcluded ? 'orderImport.grid.includeRow' : 'orderImport.grid.excludeRow', {
                row: record.rowNumber,
              })}
              data-testid={isExcluded ? 'order-import-include' : 'order-import-exclude'}
            >
              {t(isExcluded ? 'orderImport.grid.include' : 'orderImport.grid.exclude')}
            </Button>
          );
        },
      },
    ];
    // setExcluded is recreated every render but only reads summary.id and the mutation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    language,
    t,
    editing,
    isSaving,
    focusCell,
    editable,
    isMobile,
    pages.ensurePage,
    summary.id,
    onCellEdit,
    onCellSave,
    onCellCancel,
  ]);

  const scrollX = useMemo(
    () =>
      SELECTION_WIDTH +
      LEADING_WIDTH +
      ORDER_SHEET_COLUMNS.reduce((sum, column) => sum + sheetColumnWidth(column.field), 0) +
      110,
    [],
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
        <Table<GridRow>
          ref={table}
          virtual
          size="small"
          bordered
          loading={pages.isLoading}
          rowKey={(record) => (record.kind === 'row' ? record.rowNumber : `page-${record.index}`)}
          dataSource={pages.rows}
          columns={columns}
          pagination={false}
          scroll={{ x: scrollX, y: isMobile ? 420 : 560 }}
          rowClassName={(record) =>
            [
              record.kind === 'row' && !record.isLead ? 'order-import-follow-row' : '',
              record.index === cursor ? 'order-import-cursor-row' : '',
            ].join(' ')
          }
          rowSelection={
            editable
              ? {
                  selectedRowKeys: selected,
                  columnWidth: SELECTION_WIDTH,
                  fixed: !isMobile,
                  onChange: (keys) =>
                    setSelected(keys.filter((key): key is number => typeof key === 'number')),
                  getCheckboxProps: (record) => ({
                    disabled: record.kind === 'placeholder' || record.state === 'created',
                    'aria-label':
                      record.kind === 'row'
                        ? t('orderImport.grid.selectRow', { row: record.rowNumber })
                        : undefined,
                  }),
                }
              : undefined
          }
          locale={{ emptyText: t(`orderImport.grid.empty.${view}`) }}
          style={{
            ['--order-import-error-bg' as string]: token.colorErrorBg,
            ['--order-import-error' as string]: token.colorError,
            ['--order-import-row-height' as string]: `${ROW_HEIGHT}px`,
          }}
          data-testid="order-import-table"
        />
      )}
    </Flex>
  );
}
