// The auth remote's first-view renderer (server side): built into dist/server/first-view.cjs beside
// the remote's browser build, loaded by the shell's HTML server to paint the sign-in page before any script.
import { renderFirstView, type FirstViewRequest } from '@clube/platform/first-view';
import Routes from './routes';

export const render = (request: FirstViewRequest) => renderFirstView(Routes, request);
