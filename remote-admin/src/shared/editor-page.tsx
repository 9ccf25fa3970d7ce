import { Skeleton } from '@clube/kit/ui/skeleton';
import { ErrorState, PageLayout } from '@clube/platform';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface EditorFrame {
  /** "Novo banner", "Editar plano"… */
  title: string;
  /** The list the editor came from, linked as "← Todos os …". */
  back: { to: string; label: string };
}

/** An editor's frame (banners, plans, contents, videos): the title and the way back to the list. */
export function EditorPage({ title, back, children }: EditorFrame & { children: ReactNode }) {
  return (
    <PageLayout title={title} description={<Link to={back.to}>← {back.label}</Link>}>
      {children}
    </PageLayout>
  );
}

/**
 * An existing item's editor: while the item loads, a skeleton of about the form's height; when it
 * cannot be loaded, the API's message and "Tentar novamente"; then the form, given the item.
 */
export function EditItemPage<T>({ title, back, item, loading, children }: EditorFrame & { item: UseQueryResult<T>; loading: { label: string; lines: number }; children: (item: T) => ReactNode }) {
  return (
    <EditorPage title={title} back={back}>
      {item.isPending ? (
        <Skeleton lines={loading.lines} label={loading.label} />
      ) : item.isError ? (
        <ErrorState message={item.error.message} onRetry={() => void item.refetch()} />
      ) : (
        children(item.data)
      )}
    </EditorPage>
  );
}
