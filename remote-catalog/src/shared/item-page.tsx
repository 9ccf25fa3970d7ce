import { PageLayout } from '@clube/platform';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AccessBadge } from './access-badge';
import { QueryError } from './query-state';
import type { Access } from './types';

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

/** Under a content's or video's title: its access, its category (the list filtered by it) and what else the page adds. */
export function ItemMeta({ item, listPath, children }: { item: { access: Access; creditCost: number; unlocked: boolean; category: { _id: string; name: string } | null }; listPath: '/conteudos' | '/videos'; children?: ReactNode }) {
  return (
    <span className="catalog-meta">
      <AccessBadge access={item.access} creditCost={item.creditCost} unlocked={item.unlocked} />
      {item.category && <Link to={`${listPath}?categoryId=${item.category._id}`}>{item.category.name}</Link>}
      {children}
    </span>
  );
}
