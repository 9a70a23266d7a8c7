import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from 'antd';
import { ORDER_IMPORT_CELL_MAX, type OrderSheetField } from '@portal/contracts/order-import';

interface SheetCellProps {
  rowNumber: number;
  field: OrderSheetField;
  /** The grid's line and column (0-based), for the roving focus and the screen reader's position. */
  index: number;
  colIndex: number;
  width: number;
  text: string;
  /** The cell's error messages (in the interface language); the cell is marked when there are any. */
  errors: readonly string[] | undefined;
  /** What a screen reader hears: the column's header and the row number. */
  label: string;
  editable: boolean;
  isEditing: boolean;
  isSaving: boolean;
  /** The grid's one cell in the tab order (roving tabindex). */
  isActive: boolean;
  /** Stable across renders (they take the cell's row and field), so `memo` holds while the grid scrolls. */
  onEdit: (rowNumber: number, field: OrderSheetField) => void;
  onSave: (rowNumber: number, field: OrderSheetField, text: string) => void;
  onCancel: (rowNumber: number, field: OrderSheetField) => void;
}

/**
 * One sheet cell of the grid (a `gridcell`): its text as typed, marked with its error (the message in the
 * native title and on the errors column). Click, Enter or F2 edits it in place; in the editor Enter saves,
 * Escape cancels, and leaving it with a change saves (nothing typed is lost). The arrow keys are the grid's.
 */
export const SheetCell = memo(function SheetCell({
  rowNumber,
  field,
  index,
  colIndex,
  width,
  text,
  errors,
  label,
  editable,
  isEditing,
  isSaving,
  isActive,
  onEdit,
  onSave,
  onCancel,
}: SheetCellProps) {
  const hasError = Boolean(errors && errors.length > 0);
  const errorText = hasError ? errors?.join('; ') : undefined;
  const position = { 'aria-colindex': colIndex + 1, 'data-cell': `${index}:${colIndex}` };
  if (isEditing)
    return (
      <div role="gridcell" className="order-import-grid-cell is-editing" style={{ width }} {...position}>
        <CellEditor
          initial={text}
          label={label}
          isSaving={isSaving}
          onSave={(typed) => onSave(rowNumber, field, typed)}
          onCancel={() => onCancel(rowNumber, field)}
        />
      </div>
    );
  return (
    <div
      role="gridcell"
      data-row={rowNumber}
      className={`order-import-grid-cell order-import-cell${hasError ? ' is-error' : ''}${editable ? ' is-editable' : ''}`}
      style={{ width }}
      tabIndex={isActive ? 0 : -1}
      aria-label={`${label}: ${text}${errorText ? ` — ${errorText}` : ''}`}
      aria-invalid={hasError || undefined}
      aria-readonly={!editable || undefined}
      title={errorText}
      onClick={editable ? () => onEdit(rowNumber, field) : undefined}
      onKeyDown={
        editable
          ? (event) => {
              if (event.key === 'Enter' || event.key === 'F2') {
                event.preventDefault();
                onEdit(rowNumber, field);
              }
            }
          : undefined
      }
      {...position}
    >
      <span className="order-import-cell-text">{text}</span>
    </div>
  );
});

function CellEditor({
  initial,
  label,
  isSaving,
  onSave,
  onCancel,
}: {
  initial: string;
  label: string;
  isSaving: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const done = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      done.current = true;
      onSave(text);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      done.current = true;
      onCancel();
    }
  };
  return (
    <Input
      size="small"
      autoFocus
      value={text}
      maxLength={ORDER_IMPORT_CELL_MAX}
      disabled={isSaving}
      aria-label={label}
      onChange={(event) => {
        done.current = false;
        setText(event.target.value);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => {
        if (done.current) return;
        if (text === initial) onCancel();
        else onSave(text);
      }}
      data-testid="order-import-cell-editor"
    />
  );
}
