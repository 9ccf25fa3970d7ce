import { getCatalogueItem, useApi } from '@clube/platform/data';
import { useCallback } from 'react';

/**
 * `GET /v1/videos/{slug}` again, outside the page's cache (the page keeps what it shows): the fresh
 * signed HLS link a member needs when watching longer than a link lasts; none when access is gone.
 */
export function useRenewHlsLink(slug: string): () => Promise<string | undefined> {
  const api = useApi();
  return useCallback(async () => {
    const fresh = await getCatalogueItem(api, 'videos', slug);
    return fresh.source?.kind === 'file' ? fresh.source.hlsUrl : undefined;
  }, [api, slug]);
}
