import { Pagination } from './pagination';
import { Table, type TableProps } from './table';

/** What the table needs of a paginated list (`usePaginatedQuery` of `@clube/platform/data` returns it). */
export interface PaginatedList<Row> {
  rows: readonly Row[];
  total: number;
  params: { page: number; limit: number };
  isPending: boolean;
  isError: boolean;
  /** The next page is loading while this one stays on screen. */
  isPlaceholderData: boolean;
  data: unknown;
  error: Error | null;
  refetch: () => unknown;
  setPage: (page: number) => void;
}

/**
 * A page of a list and the pages below it. Loading, and a failure (with "Tentar novamente") only
 * while nothing is on screen: a failed next page keeps the current one.
 */
export function PaginatedTable<Row>({ list, ...table }: Omit<TableProps<Row>, 'rows' | 'status' | 'errorMessage' | 'onRetry'> & { list: PaginatedList<Row> }) {
  const status = list.isPending ? 'loading' : list.isError && !list.data ? 'error' : 'ready';
  return (
    <>
      <Table {...table} rows={list.rows} status={status} errorMessage={list.error?.message} onRetry={() => void list.refetch()} />
      <Pagination page={list.params.page} limit={list.params.limit} total={list.total} onPageChange={list.setPage} busy={list.isPlaceholderData} />
    </>
  );
}
