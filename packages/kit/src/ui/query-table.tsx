import { Pagination } from './pagination';
import { Table, type TableProps } from './table';

/** What a table needs of the query behind it (React Query's result). */
export interface TableQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

type FedTableProps<Row> = Omit<TableProps<Row>, 'status' | 'errorMessage' | 'onRetry'>;

/** A table of one query's rows: a loading row while it loads, the API's message and "Tentar novamente" when it fails. */
export function QueryTable<Row>({ query, ...table }: FedTableProps<Row> & { query: TableQuery }) {
  return <Table {...table} status={query.isPending ? 'loading' : query.isError ? 'error' : 'ready'} errorMessage={query.error?.message || undefined} onRetry={() => void query.refetch()} />;
}

/** What the table needs of a paginated list (`usePaginatedQuery` of `@clube/platform/data` returns it). */
export interface PaginatedList<Row> extends TableQuery {
  rows: readonly Row[];
  total: number;
  params: { page: number; limit: number };
  /** The next page is loading while this one stays on screen. */
  isPlaceholderData: boolean;
  data: unknown;
  setPage: (page: number) => void;
}

/**
 * A page of a list and the pages below it. Loading, and a failure (with "Tentar novamente") only
 * while nothing is on screen: a failed next page keeps the current one.
 */
export function PaginatedTable<Row>({ list, ...table }: Omit<FedTableProps<Row>, 'rows'> & { list: PaginatedList<Row> }) {
  const status = list.isPending ? 'loading' : list.isError && !list.data ? 'error' : 'ready';
  return (
    <>
      <Table {...table} rows={list.rows} status={status} errorMessage={list.error?.message} onRetry={() => void list.refetch()} />
      <Pagination page={list.params.page} limit={list.params.limit} total={list.total} onPageChange={list.setPage} busy={list.isPlaceholderData} />
    </>
  );
}
