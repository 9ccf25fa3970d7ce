// The `react-router-dom` the shell provides to every remote (webpack.shared.js, ROUTER_EXPORTS).
// Module Federation shares a module whole, so sharing the package itself ships all of React Router 7
// (data routers, SSR, fetchers: 60.8 kB gzip of the shell's initial JS). This module re-exports only
// the declarative-routing API the product uses, so the rest is tree-shaken: 14 kB gzip. Lint allows
// importing only these names from react-router-dom; add one here AND in ROUTER_EXPORTS to use it.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  createSearchParams,
  generatePath,
  matchPath,
  resolvePath,
} from 'react-router';
