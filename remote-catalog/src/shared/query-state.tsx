import { ErrorState } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import './catalog.css';

/**
 * Placeholder cards while a grid or row loads. `still`: nothing is being fetched for it (a home row
 * that waits for the visitor to scroll near it), so its cards do not shimmer. The server's first view
 * fetches nothing either; its placeholders are stilled by the shell (`[data-first-view]` in
 * shell/src/layout/layout.css), whatever state the page rendered them in.
 */
export function CardsSkeleton({ count = 4, label = 'Carregando…', still = false }: { count?: number; label?: string; still?: boolean }) {
  return (
    // The status (read by screen readers, invisible) stays out of the grid: inside, it took the first cell.
    <div aria-busy="true" className={still ? 'catalog-skeleton--still' : undefined}>
      <Skeleton label={label} lines={0} />
      <div className="catalog-grid">
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="catalog-card catalog-card--skeleton" aria-hidden="true">
            <span className="clube-skeleton catalog-card__media" />
            <span className="clube-skeleton" style={{ width: '80%', height: '1em' }} />
            <span className="clube-skeleton" style={{ width: '40%', height: '1em' }} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A failed query: the API's Portuguese message and "Tentar novamente". */
export function QueryError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const message = error instanceof Error && error.message ? error.message : 'Não foi possível carregar. Tente novamente.';
  return <ErrorState title={title} message={message} onRetry={onRetry} />;
}
