import './kit.css';

export interface PaginationProps {
  /** 1-based, like the API's `page`. */
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  /** While the next page loads the buttons stay usable; this only marks the list busy. */
  busy?: boolean;
}

type Slot = number | 'gap';

/** The pages to show: the first, the last, and two either side of the current one. */
export function pageSlots(page: number, pageCount: number): Slot[] {
  const slots: Slot[] = [];
  for (let n = 1; n <= pageCount; n += 1) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) slots.push(n);
    else if (slots[slots.length - 1] !== 'gap') slots.push('gap');
  }
  return slots;
}

/** "Mostrando 11–20 de 57" and the page buttons; renders nothing when everything fits on one page. */
export function Pagination({ page, limit, total, onPageChange, busy }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  if (total <= limit) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  return (
    <nav className="clube-pagination" aria-label="Paginação" aria-busy={busy || undefined}>
      <p className="clube-pagination__summary">
        Mostrando {first}–{last} de {total}
      </p>
      <ul className="clube-pagination__list">
        <li>
          <button type="button" className="clube-pagination__page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Anterior
          </button>
        </li>
        {pageSlots(page, pageCount).map((slot, index) =>
          slot === 'gap' ? (
            <li key={`gap-${index}`} className="clube-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot} className={slot === page ? 'clube-pagination__number clube-pagination__number--current' : 'clube-pagination__number'}>
              <button
                type="button"
                className="clube-pagination__page"
                aria-label={`Página ${slot}`}
                aria-current={slot === page ? 'page' : undefined}
                onClick={() => slot !== page && onPageChange(slot)}
              >
                {slot}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className="clube-pagination__page" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
            Próxima
          </button>
        </li>
      </ul>
    </nav>
  );
}
