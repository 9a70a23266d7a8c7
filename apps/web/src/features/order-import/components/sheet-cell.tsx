import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from 'antd';
import { ORDER_IMPORT_CELL_MAX, type OrderSheetField } from '@portal/contracts/order-import';

interface SheetCellProps {
  rowNumber: number;
  field: OrderSheetField;
  text: string;
  /** The cell's error messages (in the interface language); the cell is marked when there are any. */
  errors: readonly string[] | undefined;
  /** What a screen reader hears: the column's header and the row number. */
  label: string;
  editable: boolean;
  isEditing: boolean;
  isSaving: boolean;
  /** Focus comes back here after an edit ends. */
  takeFocus: boolean;
  /** Stable across renders (they take the cell's row and field), so `memo` holds while the grid scrolls. */
  onEdit: (rowNumber: number, field: OrderSheetField) => void;
  onSave: (rowNumber: number, field: OrderSheetField, text: string) => void;
  onCancel: (rowNumber: number, field: OrderSheetField) => void;
}

/**
 * One cell of the grid: its text as typed, marked with its error (the message in the native title and on
 * the errors column: a per-cell antd Tooltip cost a component tree per cell on every scroll step). Click, Enter or F2 edits it in place; in the editor Enter saves, Escape cancels, and
 * leaving it with a change saves (nothing typed is lost).
 */
export const SheetCell = memo(function SheetCell({
  rowNumber,
  field,
  text,
  errors,
  label,
  editable,
  isEditing,
  isSaving,
  takeFocus,
  onEdit,
  onSave,
  onCancel,
}: SheetCellProps) {
  const cell = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus && !isEditing) cell.current?.focus({ preventScroll: true });
  }, [takeFocus, isEditing]);

  if (isEditing)
    return (
      <CellEditor
        initial={text}
        label={label}
        isSaving={isSaving}
        onSave={(typed) => onSave(rowNumber, field, typed)}
        onCancel={() => onCancel(rowNumber, field)}
      />
    );
  const hasError = Boolean(errors && errors.length > 0);
  const errorText = hasError ? errors?.join('; ') : undefined;
  return (
    <div
      ref={cell}
      data-row={rowNumber}
      className={`order-import-cell${hasError ? ' is-error' : ''}${editable ? ' is-editable' : ''}`}
      role={editable ? 'button' : undefined}
      tabIndex={editable ? 0 : undefined}
      aria-label={`${label}: ${text}${errorText ? ` — ${errorText}` : ''}`}
      aria-invalid={hasError || undefined}
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
    >
      {text}
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
