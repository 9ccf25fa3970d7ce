import { PageLayout } from '@clube/platform';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from './query-state';

export interface ItemPageProps<T> {
  item: UseQueryResult<T>;
  /** The page's title and placeholder while the item loads. */
  loading: { title: string; placeholder: ReactNode };
  /** The page's title, the failure's heading and, if any, the way back to the list, when it cannot be loaded. */
  failed: { title: string; heading: string; back?: ReactNode };
  children: (item: T) => ReactNode;
}

/** A page about one thing from the API (a content, a video, a certificate): loading, failed with "Tentar novamente", then the page. */
export function ItemPage<T>({ item, loading, failed, children }: ItemPageProps<T>) {
  if (item.isPending) return <PageLayout title={loading.title}>{loading.placeholder}</PageLayout>;
  if (item.isError) {
    return (
      <PageLayout title={failed.title}>
        <QueryError error={item.error} onRetry={() => void item.refetch()} title={failed.heading} />
        {failed.back}
      </PageLayout>
    );
  }
  return children(item.data);
}

