import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Tooltip, Typography, theme } from 'antd';
import { StopOutlined, UndoOutlined, WarningOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  ORDER_SHEET_COLUMN,
  ORDER_SHEET_COLUMNS,
  type OrderSheetField,
  type OrderSheetPart,
} from '@portal/contracts/order-import';
import type { Language } from '@portal/contracts/languages';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { cellErrorsOf, pageOfIndex, sheetColumnWidth, type GridRow } from '../lib/order-import-model';
import { SheetCell } from './sheet-cell';

export type LoadedRow = Extract<GridRow, { kind: 'row' }>;
/** A cell by the grid's line index and column index (both 0-based, columns in display order). */
export interface CellAt {
  index: number;
  col: number;
}
export interface CellRef {
  rowNumber: number;
  field: OrderSheetField;
}

/** Fixed sizes: the virtualisers place every line and column by arithmetic, nothing is measured. */
const ROW_HEIGHT = 40;
const HEADER_ROW_HEIGHT = 36;
/** Two header lines: the template's groups, then the columns. */
const HEADER_LINES = 2;
const HEADER_HEIGHT = HEADER_LINES * HEADER_ROW_HEIGHT;

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

type ColumnKey = 'select' | 'rowNumber' | 'state' | 'errors' | 'chargeableWeight' | 'charge' | 'actions';
interface GridColumn {
  key: ColumnKey | OrderSheetField;
  width: number;
  /** The template's group over a sheet column (the group header line); none for the grid's own columns. */
  part: OrderSheetPart | null;
  field?: OrderSheetField;
  alignRight?: boolean;
}
/** A run of neighbouring scrolling columns under one group title (or none). */
interface Band {
  part: OrderSheetPart | null;
  first: number;
  last: number;
  left: number;
  width: number;
}

const OWN_WIDTHS: Record<ColumnKey, number> = {
  select: 44,
  rowNumber: 72,
  state: 96,
  errors: 280,
  chargeableWeight: 110,
  charge: 120,
  actions: 110,
};
const ownColumn = (key: ColumnKey, alignRight = false): GridColumn => ({
  key,
  width: OWN_WIDTHS[key],
  part: null,
  alignRight,
});
const SHEET_COLUMNS: GridColumn[] = ORDER_SHEET_COLUMNS.map((column) => ({
  key: column.field,
  field: column.field,
  width: sheetColumnWidth(column.field),
  part: column.part,
}));

/**
 * The grid's columns in three parts: pinned to the left (selection, row number, state), scrolling (errors,
 * weight, charge, the sheet's columns), pinned to the right (actions). On a phone nothing is pinned.
 */
function gridColumnsOf(editable: boolean, pinned: boolean) {
  const leading = [...(editable ? [ownColumn('select')] : []), ownColumn('rowNumber'), ownColumn('state')];
  const middle = [
    ownColumn('errors'),
    ownColumn('chargeableWeight', true),
    ownColumn('charge', true),
    ...SHEET_COLUMNS,
  ];
  const trailing = editable ? [ownColumn('actions')] : [];
  const left = pinned ? leading : [];
  const scrolling = pinned ? middle : [...leading, ...middle, ...trailing];
  const right = pinned ? trailing : [];
  const width = (columns: GridColumn[]) => columns.reduce((sum, column) => sum + column.width, 0);
  const leftWidth = width(left);
  const bands: Band[] = [];
  let x = leftWidth;
  scrolling.forEach((column, at) => {
    const band = bands.at(-1);
    if (band && band.part === column.part) {
      band.last = at;
      band.width += column.width;
    } else bands.push({ part: column.part, first: at, last: at, left: x, width: column.width });
    x += column.width;
  });
  return {
    left,
    scrolling,
    right,
    all: [...left, ...scrolling, ...right],
    leftWidth,
    rightWidth: width(right),
    bands,
  };
}

type GridLayout = ReturnType<typeof gridColumnsOf>;

/** Where a pinned cell sticks: its distance from the grid's edge (the pinned cells before or after it). */
function pinStyleOf(pin: 'left' | 'right' | undefined, col: number, layout: GridLayout) {
  if (pin === 'left')
    return { left: layout.left.slice(0, col).reduce((sum, column) => sum + column.width, 0) };
  if (pin === 'right') {
    const at = col - layout.left.length - layout.scrolling.length;
    return { right: layout.right.slice(at + 1).reduce((sum, column) => sum + column.width, 0) };
  }
  return {};
}

/** What the grid does on the import's rows; stable across renders (the parent reads its state via refs). */
export interface GridActions {
  ensurePage: (page: number) => void;
  toggleSelected: (rowNumber: number) => void;
  setAllSelected: (selected: boolean) => void;
  setExcluded: (rowNumber: number, excluded: boolean) => void;
  onCellEdit: (rowNumber: number, field: OrderSheetField) => void;
  onCellSave: (rowNumber: number, field: OrderSheetField, text: string) => void;
  onCellCancel: (rowNumber: number, field: OrderSheetField) => void;
}

/** The parent's handle on the grid: bring a cell into view and focus it (next error, after an edit). */
export interface GridBodyHandle {
  moveTo: (at: CellAt, align?: 'auto' | 'start') => void;
  focusField: (rowNumber: number, field: OrderSheetField) => void;
  scrollToTop: () => void;
  /** The grid's column of a sheet field (display order). */
  colOf: (field: OrderSheetField) => number;
}

interface GridBodyProps {
  rows: GridRow[];
  editable: boolean;
  isMobile: boolean;
  label: string;
  selected: ReadonlySet<number>;
  /** How many loaded rows can be selected, and how many of them are (the select-all box). */
  selectable: number;
  selectedCount: number;
  editing: CellRef | null;
  isSaving: boolean;
  /** The line "next error" went to (marked). */
  cursor: number;
  actions: GridActions;
}

/**
 * The rows as a grid that stays smooth at 10,000 lines: only the visible lines AND columns are drawn (two
 * TanStack virtualisers over one scrolling box, fixed line height and column widths), the header sticks
 * to the top and the row's own columns to the sides. The arrow keys, Home / End (Ctrl: first / last line)
 * and Page Up / Down move between cells, one cell in the tab order (roving tabindex); Space or Enter
 * selects on the selection cell and excludes / includes on the actions cell. It is its own component so a
 * scroll step redraws the lines only, not the toolbar above; the cells of the grid's own columns are plain
 * elements (no antd component per cell).
 */
export const GridBody = forwardRef<GridBodyHandle, GridBodyProps>(function GridBody(
  {
    rows,
    editable,
    isMobile,
    label,
    selected,
    selectable,
    selectedCount,
    editing,
    isSaving,
    cursor,
    actions,
  },
  ref,
) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { token } = theme.useToken();
  const [active, setActive] = useState<CellAt>({ index: 0, col: 0 });
  const scroller = useRef<HTMLDivElement>(null);
  const layout = useMemo(() => gridColumnsOf(editable, !isMobile), [editable, isMobile]);

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    overscan: 3,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: layout.scrolling.length,
    getScrollElement: () => scroller.current,
    estimateSize: (at) => layout.scrolling[at]?.width ?? 100,
    paddingStart: layout.leftWidth,
    paddingEnd: layout.rightWidth,
    scrollPaddingStart: layout.leftWidth,
    scrollPaddingEnd: layout.rightWidth,
    overscan: 1,
  });
  // The widths change with the pinned columns (phone / desktop, editable or not).
  useEffect(() => columnVirtualizer.measure(), [layout, columnVirtualizer]);

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const firstLine = virtualRows[0]?.index ?? 0;
  const lastLine = virtualRows.at(-1)?.index ?? -1;

  // The lines drawn whose page has not come yet ask for it.
  useEffect(() => {
    for (let index = firstLine; index <= lastLine; index++)
      if (rows[index]?.kind === 'placeholder') actions.ensurePage(pageOfIndex(index));
  }, [firstLine, lastLine, rows, actions]);

  /** Focuses a cell once the virtualisers have drawn it (a scroll is answered a frame or two later). */
  const focusSoon = useCallback((at: CellAt, frames = 12) => {
    // `[tabindex]`: not a cell whose editor is still open (it is drawn again without it a moment later).
    const cell = scroller.current?.querySelector<HTMLElement>(
      `[data-cell="${at.index}:${at.col}"][tabindex]`,
    );
    if (cell) cell.focus({ preventScroll: true });
    else if (frames > 0) requestAnimationFrame(() => focusSoon(at, frames - 1));
  }, []);

  /** Makes a cell the active one: scrolled into view (past the pinned parts) and focused. */
  const moveTo = useCallback(
    (at: CellAt, align: 'auto' | 'start' = 'auto') => {
      setActive(at);
      rowVirtualizer.scrollToIndex(at.index, { align });
      const scrollingCol = at.col - layout.left.length;
      if (scrollingCol >= 0 && scrollingCol < layout.scrolling.length)
        columnVirtualizer.scrollToIndex(scrollingCol, { align });
      // A pinned left cell (Home): the line is shown from its start.
      else if (scrollingCol < 0) columnVirtualizer.scrollToOffset(0);
      focusSoon(at);
    },
    [rowVirtualizer, columnVirtualizer, layout, focusSoon],
  );

  const colOf = useCallback(
    (field: OrderSheetField) => layout.all.findIndex((column) => column.field === field),
    [layout],
  );
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useImperativeHandle(
    ref,
    () => ({
      moveTo,
      colOf,
      scrollToTop: () => {
        setActive({ index: 0, col: 0 });
        rowVirtualizer.scrollToOffset(0);
      },
      focusField: (rowNumber, field) => {
        const line = rowsRef.current.find((one) => one.kind === 'row' && one.rowNumber === rowNumber);
        if (line) focusSoon({ index: line.index, col: colOf(field) });
      },
    }),
    [moveTo, colOf, focusSoon, rowVirtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLInputElement && target.type !== 'checkbox') return;
    const cell = target.closest<HTMLElement>('[data-cell]');
    if (!cell) return;
    const [index = 0, col = 0] = (cell.dataset.cell ?? '').split(':').map(Number);
    const lastCol = layout.all.length - 1;
    const lastIndex = rows.length - 1;
    const visibleLines = ((scroller.current?.clientHeight ?? 400) - HEADER_HEIGHT) / ROW_HEIGHT;
    const page = Math.max(1, Math.floor(visibleLines));
    const clampLine = (line: number) => Math.min(lastIndex, Math.max(0, line));
    const moves: Record<string, CellAt | undefined> = {
      ArrowUp: { index: clampLine(index - 1), col },
      ArrowDown: { index: clampLine(index + 1), col },
      ArrowLeft: { index, col: Math.max(0, col - 1) },
      ArrowRight: { index, col: Math.min(lastCol, col + 1) },
      PageUp: { index: clampLine(index - page), col },
      PageDown: { index: clampLine(index + page), col },
      Home: event.ctrlKey ? { index: 0, col: 0 } : { index, col: 0 },
      End: event.ctrlKey ? { index: lastIndex, col: lastCol } : { index, col: lastCol },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move);
      return;
    }
    const line = rows[index];
    const key = layout.all[col]?.key;
    if (!editable || line?.kind !== 'row' || line.state === 'created') return;
    if (event.key !== ' ' && event.key !== 'Enter') return;
    if (key === 'select') {
      event.preventDefault();
      actions.toggleSelected(line.rowNumber);
    } else if (key === 'actions') {
      event.preventDefault();
      actions.setExcluded(line.rowNumber, line.state !== 'excluded');
    }
  };

  const texts = useMemo(
    () => ({
      cellLabels: new Map(
        SHEET_COLUMNS.map((column) => [
          column.key,
          t('orderImport.grid.cellLabel', {
            column: ORDER_SHEET_COLUMN[column.key as OrderSheetField].header[language],
            row: ROW_MARK,
          }),
        ]),
      ),
      states: {
        valid: t('orderImport.state.valid'),
        invalid: t('orderImport.state.invalid'),
        excluded: t('orderImport.state.excluded'),
        created: t('orderImport.state.created'),
      },
      selectRow: t('orderImport.grid.selectRow', { row: ROW_MARK }),
      excludeRow: t('orderImport.grid.excludeRow', { row: ROW_MARK }),
      includeRow: t('orderImport.grid.includeRow', { row: ROW_MARK }),
      exclude: t('orderImport.grid.exclude'),
      include: t('orderImport.grid.include'),
    }),
    [t, language],
  );

  const totalWidth = columnVirtualizer.getTotalSize();
  const firstColumn = virtualColumns[0];
  const lastColumn = virtualColumns.at(-1);
  const range = { first: firstColumn?.index ?? 0, last: lastColumn?.index ?? -1 };
  const gapBefore = (firstColumn?.start ?? layout.leftWidth) - layout.leftWidth;
  const gapAfter = totalWidth - layout.rightWidth - (lastColumn?.end ?? layout.leftWidth);
  const scrollingOffset = layout.left.length;
  const visibleBands = layout.bands.filter((band) => band.last >= range.first && band.first <= range.last);
  const bandGap = (visibleBands[0]?.left ?? layout.leftWidth) - layout.leftWidth;
  const lastBand = visibleBands.at(-1);
  const bandsEnd = lastBand ? lastBand.left + lastBand.width : layout.leftWidth;
  const bodyHeight = rows.length * ROW_HEIGHT;
  const bodyOffset = (virtualRows[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;

  const headerCell = (column: GridColumn, col: number, pin?: 'left' | 'right') => (
    <div
      key={column.key}
      role="columnheader"
      aria-colindex={col + 1}
      className={`order-import-grid-cell order-import-grid-header-cell${pin ? ' is-pinned' : ''}${column.alignRight ? ' is-right' : ''}`}
      style={{ width: column.width, ...pinStyleOf(pin, col, layout) }}
    >
      {column.key === 'select' ? (
        <input
          type="checkbox"
          tabIndex={-1}
          className="order-import-grid-check"
          aria-label={t('orderImport.grid.selectAll')}
          checked={selectedCount > 0 && selectedCount === selectable}
          ref={(box) => {
            if (box) box.indeterminate = selectedCount > 0 && selectedCount < selectable;
          }}
          disabled={selectable === 0}
          onChange={(event) => actions.setAllSelected(event.target.checked)}
        />
      ) : (
        <HeaderTitle column={column} language={language} />
      )}
    </div>
  );

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + HEADER_LINES}
      aria-colcount={layout.all.length}
      aria-multiselectable={editable || undefined}
      className="order-import-grid-scroller"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const at = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]')?.dataset.cell;
        if (!at) return;
        const [index = 0, col = 0] = at.split(':').map(Number);
        if (index !== active.index || col !== active.col) setActive({ index, col });
      }}
      style={{
        // As tall as its lines (plus its border and the sideways scroll bar: the columns never all fit), at
        // most a screenful.
        height: Math.min(isMobile ? 420 : 560, HEADER_HEIGHT + rows.length * ROW_HEIGHT + 2 + 16),
        ['--order-import-error-bg' as string]: token.colorErrorBg,
        ['--order-import-error' as string]: token.colorError,
        ['--order-import-success' as string]: token.colorSuccess,
        ['--order-import-success-bg' as string]: token.colorSuccessBg,
        ['--order-import-info' as string]: token.colorPrimary,
        ['--order-import-info-bg' as string]: token.colorPrimaryBg,
        ['--order-import-muted' as string]: token.colorTextSecondary,
        ['--order-import-text' as string]: token.colorText,
        ['--order-import-bg' as string]: token.colorBgContainer,
        ['--order-import-header-bg' as string]: token.colorFillAlter,
        ['--order-import-border' as string]: token.colorBorderSecondary,
        ['--order-import-hover' as string]: token.controlItemBgHover,
        ['--order-import-selected' as string]: token.controlItemBgActive,
        ['--order-import-primary' as string]: token.colorPrimary,
        ['--order-import-row-height' as string]: `${ROW_HEIGHT}px`,
        ['--order-import-header-height' as string]: `${HEADER_ROW_HEIGHT}px`,
      }}
      data-testid="order-import-table"
    >
      <div role="presentation" style={{ width: totalWidth, minHeight: HEADER_HEIGHT + bodyHeight }}>
        <div role="rowgroup" className="order-import-grid-head" style={{ width: totalWidth }}>
          <div role="row" aria-rowindex={1} className="order-import-grid-line is-head">
            {layout.left.length ? (
              <div
                role="columnheader"
                aria-colindex={1}
                aria-colspan={layout.left.length}
                className="order-import-grid-cell order-import-grid-header-cell is-pinned"
                style={{ width: layout.leftWidth, left: 0 }}
              />
            ) : null}
            <div aria-hidden className="order-import-grid-gap" style={{ width: bandGap }} />
            {visibleBands.map((band) => (
              <div
                key={band.first}
                role="columnheader"
                aria-colindex={scrollingOffset + band.first + 1}
                aria-colspan={band.last - band.first + 1}
                className="order-import-grid-cell order-import-grid-header-cell order-import-grid-band"
                style={{ width: band.width }}
              >
                {band.part ? (
                  <span className="order-import-grid-band-title" style={{ left: layout.leftWidth }}>
                    {t(`orderImport.part.${band.part}`)}
                  </span>
                ) : null}
              </div>
            ))}
            <div
              aria-hidden
              className="order-import-grid-gap"
              style={{ width: totalWidth - layout.rightWidth - bandsEnd }}
            />
            {layout.right.length ? (
              <div
                role="columnheader"
                aria-colindex={scrollingOffset + layout.scrolling.length + 1}
                aria-colspan={layout.right.length}
                className="order-import-grid-cell order-import-grid-header-cell is-pinned"
                style={{ width: layout.rightWidth, right: 0 }}
              />
            ) : null}
          </div>
          <div role="row" aria-rowindex={2} className="order-import-grid-line is-head">
            {layout.left.map((column, at) => headerCell(column, at, 'left'))}
            <div aria-hidden className="order-import-grid-gap" style={{ width: gapBefore }} />
            {virtualColumns.map((item) =>
              headerCell(layout.scrolling[item.index] as GridColumn, scrollingOffset + item.index),
            )}
            <div aria-hidden className="order-import-grid-gap" style={{ width: gapAfter }} />
            {layout.right.map((column, at) =>
              headerCell(column, scrollingOffset + layout.scrolling.length + at, 'right'),
            )}
          </div>
        </div>
        <div role="rowgroup" style={{ height: bodyHeight, paddingTop: bodyOffset, boxSizing: 'border-box' }}>
          {virtualRows.map((item) => {
            const line = rows[item.index];
            if (!line) return null;
            const rowNumber = line.kind === 'row' ? line.rowNumber : -1;
            return (
              <GridLine
                key={line.kind === 'row' ? line.rowNumber : `line-${line.index}`}
                line={line}
                layout={layout}
                first={range.first}
                last={range.last}
                gapBefore={gapBefore}
                gapAfter={gapAfter}
                editable={editable}
                isSelected={selected.has(rowNumber)}
                isCursor={line.index === cursor}
                activeCol={active.index === line.index ? active.col : -1}
                editingField={editing?.rowNumber === rowNumber ? editing.field : null}
                isSaving={isSaving}
                texts={texts}
                language={language}
                actions={actions}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
});

/** A sheet column's header: its name in the interface language, a star when required, its hint. */
const HeaderTitle = memo(function HeaderTitle({
  column,
  language,
}: {
  column: GridColumn;
  language: Language;
}) {
  const { t } = useTranslation();
  if (!column.field) {
    const own = column.key as Exclude<ColumnKey, 'select'>;
    return <>{t(`orderImport.grid.${own === 'rowNumber' ? 'row' : own}`)}</>;
  }
  const sheet = ORDER_SHEET_COLUMN[column.field];
  return (
    <Tooltip title={sheet.hint[language]}>
      <span>
        {sheet.header[language]}
        {sheet.required ? <Typography.Text type="danger">{' *'}</Typography.Text> : null}
      </span>
    </Tooltip>
  );
});

type GridTexts = {
  cellLabels: Map<string, string>;
  states: Record<LoadedRow['state'], string>;
  selectRow: string;
  excludeRow: string;
  includeRow: string;
  exclude: string;
  include: string;
};

interface GridLineProps {
  line: GridRow;
  layout: GridLayout;
  /** The scrolling columns drawn (indexes into `layout.scrolling`). */
  first: number;
  last: number;
  gapBefore: number;
  gapAfter: number;
  editable: boolean;
  isSelected: boolean;
  isCursor: boolean;
  /** The active cell's column when it is on this line, else -1. */
  activeCol: number;
  editingField: OrderSheetField | null;
  isSaving: boolean;
  texts: GridTexts;
  language: Language;
  actions: GridActions;
}

/**
 * One line: the pinned left cells, a gap for the columns scrolled past, the visible ones, a gap, the
 * pinned right. `memo`: a line redraws only when its row, the columns in view or its state changes.
 */
const GridLine = memo(function GridLine(props: GridLineProps) {
  const { line, layout, first, last, gapBefore, gapAfter, isSelected, isCursor, editable } = props;
  const scrollingOffset = layout.left.length;
  const cells: ReactNode[] = layout.left.map((column, at) => lineCell(props, column, at, 'left'));
  cells.push(
    <div key="gap-before" aria-hidden className="order-import-grid-gap" style={{ width: gapBefore }} />,
  );
  for (let at = first; at <= last; at++)
    cells.push(lineCell(props, layout.scrolling[at] as GridColumn, scrollingOffset + at));
  cells.push(
    <div key="gap-after" aria-hidden className="order-import-grid-gap" style={{ width: gapAfter }} />,
  );
  layout.right.forEach((column, at) =>
    cells.push(lineCell(props, column, scrollingOffset + layout.scrolling.length + at, 'right')),
  );
  const classes = ['order-import-grid-line'];
  if (line.kind === 'row' && !line.isLead) classes.push('order-import-follow-row');
  if (isCursor) classes.push('order-import-cursor-row');
  if (isSelected) classes.push('is-selected');
  return (
    <div
      role="row"
      aria-rowindex={line.index + HEADER_LINES + 1}
      aria-selected={editable && line.kind === 'row' ? isSelected : undefined}
      data-row-key={line.kind === 'row' ? line.rowNumber : undefined}
      className={classes.join(' ')}
    >
      {cells}
    </div>
  );
});

function lineCell(props: GridLineProps, column: GridColumn, col: number, pin?: 'left' | 'right'): ReactNode {
  const { line, layout, editable, activeCol, editingField, isSaving, texts, actions } = props;
  const isActive = activeCol === col;
  if (line.kind === 'row' && column.field) {
    const isEditing = editingField === column.field;
    return (
      <SheetCell
        key={column.key}
        rowNumber={line.rowNumber}
        field={column.field}
        index={line.index}
        colIndex={col}
        width={column.width}
        text={line.values[column.field] ?? ''}
        errors={cellErrorsOfRow(line).get(column.field)}
        label={(texts.cellLabels.get(column.key) ?? '').replace(ROW_MARK, String(line.rowNumber))}
        editable={editable && line.state !== 'created'}
        isEditing={isEditing}
        isSaving={isEditing && isSaving}
        isActive={isActive}
        onEdit={actions.onCellEdit}
        onSave={actions.onCellSave}
        onCancel={actions.onCellCancel}
      />
    );
  }
  return (
    <div
      key={column.key}
      role="gridcell"
      aria-colindex={col + 1}
      data-cell={`${line.index}:${col}`}
      tabIndex={isActive ? 0 : -1}
      className={`order-import-grid-cell${pin ? ' is-pinned' : ''}${column.alignRight ? ' is-right' : ''}`}
      style={{ width: column.width, ...pinStyleOf(pin, col, layout) }}
    >
      {line.kind === 'row' ? (
        ownCellOf(props, column, line)
      ) : column.key === 'rowNumber' ? (
        <span className="order-import-grid-muted">…</span>
      ) : null}
    </div>
  );
}

/** A cell of the grid's own columns (the sheet's are `SheetCell`s): plain elements, cheap to draw. */
function ownCellOf(props: GridLineProps, column: GridColumn, row: LoadedRow): ReactNode {
  const { editable, isSelected, texts, language, actions } = props;
  const mark = String(row.rowNumber);
  switch (column.key) {
    case 'select':
      return (
        <input
          type="checkbox"
          tabIndex={-1}
          className="order-import-grid-check"
          checked={isSelected}
          disabled={!editable || row.state === 'created'}
          aria-label={texts.selectRow.replace(ROW_MARK, mark)}
          onChange={() => actions.toggleSelected(row.rowNumber)}
        />
      );
    case 'rowNumber':
      return (
        <span data-testid="order-import-row-number" data-row={row.rowNumber}>
          {row.rowNumber}
        </span>
      );
    case 'state':
      return (
        <span className={`order-import-state is-${row.state}`} data-testid="order-import-row-state">
          {texts.states[row.state]}
        </span>
      );
    case 'errors': {
      if (row.errors.length === 0) return null;
      const lines = row.errors.map(
        (error) => `${ORDER_SHEET_COLUMN[error.field].header[language]}: ${error.message}`,
      );
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
    }
    case 'chargeableWeight':
      return row.isLead && row.chargeableWeight !== null
        ? `${row.chargeableWeight.toLocaleString(language)} kg`
        : null;
    case 'charge':
      return row.isLead && row.chargeAmount !== null && row.chargeCurrencyCode ? (
        <span data-testid="order-import-row-charge">
          {formatMoney(row.chargeAmount, row.chargeCurrencyCode, language)}
        </span>
      ) : null;
    case 'actions': {
      if (!editable || row.state === 'created') return null;
      const isExcluded = row.state === 'excluded';
      return (
        <button
          type="button"
          tabIndex={-1}
          className="order-import-grid-link"
          onClick={() => actions.setExcluded(row.rowNumber, !isExcluded)}
          aria-label={(isExcluded ? texts.includeRow : texts.excludeRow).replace(ROW_MARK, mark)}
          data-testid={isExcluded ? 'order-import-include' : 'order-import-exclude'}
        >
          {isExcluded ? <UndoOutlined /> : <StopOutlined />}
          {isExcluded ? texts.include : texts.exclude}
        </button>
      );
    }
    default:
      return null;
  }
}
