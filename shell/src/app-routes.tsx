import { NotFoundPage } from '@clube/platform';
import { useLocation } from 'react-router-dom';
import { ownerOf } from './remotes/ownership';
import { RemoteArea } from './remotes/remote-area';

/** Mounts the remote that owns the current path; paths no remote owns get the 404 page. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const remote = ownerOf(pathname);
  if (!remote) return <NotFoundPage />;
  return <RemoteArea key={remote} remote={remote} />;
}
