import { Button } from '@clube/platform';
import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';
import './kit.css';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface TableColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The API sorts by this key; the header becomes a button. */
  sortable?: boolean;
  align?: 'start' | 'end';
  /** Long text that may wrap (the other cells stay on one line and the table scrolls sideways). */
  wrap?: boolean;
}

export interface TableProps<Row> {
  /** Names the table (its caption) and the scrollable region around it. */
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Says which row a checkbox selects, e.g. the member's name. Needed when rows are selectable. */
  rowLabel?: (row: Row) => string;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  selected?: ReadonlySet<string>;
  onSelectedChange?: (selected: Set<string>) => void;
  status?: 'loading' | 'error' | 'ready';
  errorMessage?: string;
  onRetry?: () => void;
  emptyMessage?: ReactNode;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A data table: sortable headers (`aria-sort`), selectable rows, and a row that says when the
 * list is loading, failed or is empty. On a narrow screen (640 px or less) each row becomes a
 * card of "header: value" lines (kit.css), so no cell is cut off and nothing scrolls sideways;
 * the explicit roles keep it a table for screen readers when CSS changes its display.
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  sort,
  onSortChange,
  selected,
  onSelectedChange,
  status = 'ready',
  errorMessage = 'Não foi possível carregar a lista.',
  onRetry,
  emptyMessage = 'Nada por aqui ainda.',
}: TableProps<Row>) {
  const selectable = Boolean(selected && onSelectedChange);
  const span = columns.length + (selectable ? 1 : 0);
  const keys = rows.map(rowKey);
  const allSelected = selectable && keys.length > 0 && keys.every((key) => selected?.has(key));
  const someSelected = selectable && keys.some((key) => selected?.has(key));

  function toggle(key: string) {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange?.(next);
  }

  function toggleAll() {
    const next = new Set(selected);
    for (const key of keys) {
      if (allSelected) next.delete(key);
      else next.add(key);
    }
    onSelectedChange?.(next);
  }

  function sortBy(key: string) {
    const direction: SortDirection = sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc';
    onSortChange?.({ key, direction });
  }

  let body: ReactNode;
  if (status === 'loading') {
    body = (
      <tr className="clube-table__state" role="row">
        <td colSpan={span} role="cell">
          <Skeleton lines={3} label="Carregando a lista…" />
        </td>
      </tr>
    );
  } else if (status === 'error') {
    body = (
      <tr className="clube-table__state" role="row">
        <td colSpan={span} role="cell">
          <div className="clube-table__state-content" role="alert">
            <p>{errorMessage}</p>
            {onRetry && <Button onClick={onRetry}>Tentar novamente</Button>}
          </div>
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr className="clube-table__state" role="row">
        <td colSpan={span} role="cell">
          <div className="clube-table__state-content">{emptyMessage}</div>
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const key = rowKey(row);
      const isSelected = selected?.has(key) ?? false;
      return (
        <tr key={key} role="row" aria-selected={selectable ? isSelected : undefined}>
          {selectable && (
            <td className="clube-table__check" role="cell">
              <input type="checkbox" checked={isSelected} onChange={() => toggle(key)} aria-label={`Selecionar ${rowLabel?.(row) ?? key}`} />
            </td>
          )}
          {columns.map((column) => (
            <td
              key={column.key}
              role="cell"
              data-label={column.header}
              className={[column.align === 'end' && 'clube-table__align-end', column.wrap && 'clube-table__wrap'].filter(Boolean).join(' ') || undefined}
            >
              {column.cell(row)}
            </td>
          ))}
        </tr>
      );
    });
  }

  return (
    <div className="clube-table__scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="clube-table" role="table" aria-busy={status === 'loading' || undefined}>
        <caption>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {selectable && (
              <th scope="col" role="columnheader" className="clube-table__check">
                <input
                  type="checkbox"
                  checked={allSelected}
                  ref={(element) => {
                    if (element) element.indeterminate = someSelected && !allSelected;
                  }}
                  onChange={toggleAll}
                  disabled={rows.length === 0 || status !== 'ready'}
                  aria-label="Selecionar todos desta página"
                />
              </th>
            )}
            {columns.map((column) => {
              const active = sort?.key === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  role="columnheader"
                  className={column.align === 'end' ? 'clube-table__align-end' : undefined}
                  aria-sort={column.sortable ? (active && sort ? ARIA_SORT[sort.direction] : 'none') : undefined}
                >
                  {column.sortable && onSortChange ? (
                    <button type="button" className="clube-table__sort" onClick={() => sortBy(column.key)}>
                      {column.header}
                      <span aria-hidden="true">{active ? (sort?.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">{body}</tbody>
      </table>
    </div>
  );
}
