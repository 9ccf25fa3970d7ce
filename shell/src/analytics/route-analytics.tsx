import { useAnalytics } from '@clube/platform';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** One page view per route change. */
export function RouteAnalytics() {
  const analytics = useAnalytics();
  const { pathname, search } = useLocation();
  useEffect(() => {
    analytics.pageView(`${pathname}${search}`);
  }, [analytics, pathname, search]);
  return null;
}
