import { messageOf } from '@clube/kit/forms/form';
import type { FilteredList } from '@clube/kit/ui/list-filters';
import { Pagination } from '@clube/kit/ui/pagination';
import type { PaginatedList } from '@clube/kit/ui/query-table';
import { Select, type SelectOption } from '@clube/kit/ui/select';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { EmptyState, ErrorState, PageLayout } from '@clube/platform';
import type { ReactNode } from 'react';
import '../shared/account.css';
import { MyContentsNav } from './my-contents-nav';

/** What the page reads and changes of its list (`usePaginatedQuery` returns it). */
type MyList<Row, F extends string> = PaginatedList<Row> & FilteredList<F>;

export interface MyListPageProps<Row, F extends string> {
  title: string;
  description: string;
  list: MyList<Row, F>;
  /** "Mostrar": the list's one filter, kept in the URL. */
  show: { filter: F; options: readonly SelectOption[] };
  loadingLabel: string;
  empty: { title: string; message: ReactNode };
  /** Names the list for a screen reader. */
  listLabel: string;
  /** Above the list, after the filter (e.g. a failure of something the rows also show). */
  notice?: ReactNode;
  renderRow: (row: Row) => ReactNode;
}

/** `/meus-conteudos` and `/meus-conteudos/videos`: the two pages' tabs, "Mostrar", and the list with its states and pages. */
export function MyListPage<Row, F extends string>({ title, description, list, show, loadingLabel, empty, listLabel, notice, renderRow }: MyListPageProps<Row, F>) {
  let body: ReactNode;
  if (list.isPending) body = <Skeleton lines={4} label={loadingLabel} />;
  else if (list.isError) body = <ErrorState message={messageOf(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.rows.length === 0) {
    body = (
      <EmptyState title={empty.title}>
        <p>{empty.message}</p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="account-list" aria-label={listLabel} aria-busy={list.isPlaceholderData}>
          {list.rows.map(renderRow)}
        </ul>
        <Pagination page={list.params.page} limit={list.params.limit} total={list.total} onPageChange={list.setPage} busy={list.isPlaceholderData} />
      </>
    );
  }

  return (
    <PageLayout title={title} description={description}>
      <div className="account-stack">
        <MyContentsNav />
        <Select label="Mostrar" options={show.options} value={list.params.filters[show.filter] ?? ''} onChange={(event) => list.setFilter(show.filter, event.target.value || undefined)} />
        {notice}
        {body}
      </div>
    </PageLayout>
  );
}
