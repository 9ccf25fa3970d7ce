import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AuthProvider, anonymousAuth } from '@clube/platform';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Layout } from '../layout/layout';

// The production HTML paints this frame before any script runs (webpack.shared.js puts it in
// #root with the shell's CSS inlined); React then replaces it with the same markup. If they drift,
// the page jumps when the app starts.
const FRAME = path.join(__dirname, '..', 'layout', 'first-paint.html');

it('The first-paint frame in the HTML is exactly what <Layout> renders while the session is being checked', () => {
  const rendered = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/carregando']}>
      <AuthProvider value={{ ...anonymousAuth, status: 'authenticating' }}>
        <Layout>{null}</Layout>
      </AuthProvider>
    </MemoryRouter>,
  ).replace(/ data-discover="true"/g, ''); // a router hint for its own prefetching, not markup a browser needs
  const frame = readFileSync(FRAME, 'utf8').trim();
  if (frame !== rendered) {
    throw new Error(`shell/src/layout/first-paint.html está desatualizado: substitua o conteúdo dele por\n${rendered}`);
  }
});
