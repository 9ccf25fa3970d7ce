import { Skeleton } from '@clube/kit/ui/skeleton';

/** What a page shows while its chunk loads. */
export function PageSkeleton() {
  return (
    <main className="clube-page">
      <Skeleton width="40%" height="2rem" label="Carregando a página…" />
      <Skeleton lines={4} />
    </main>
  );
}
