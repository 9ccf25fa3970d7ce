import { act, render, screen } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { FIRST_VIEW_MAX_MS, FirstViewHandOver, takeFirstView } from '../layout/first-view';

// The shell's server paints the page into the HTML (scripts/serve-static.cjs); the app must keep
// that markup on screen while the page's code and reads load, then show the page in its place.

function serverPage(html: string, pathname = '/planos') {
  document.body.innerHTML = `<div id="root"><div id="conteudo" class="shell-content" data-first-view="${pathname}">${html}</div></div>`;
  return takeFirstView();
}

/** A page that shows its loading state until `release` is called, then its content. */
let release = () => undefined as void;
function SlowPage({ title = 'Planos' }: { title?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    release = () => setReady(true);
  }, []);
  return ready ? (
    <main>
      <h1>{title}</h1>
    </main>
  ) : (
    <main>
      <div role="status">Carregando a página…</div>
    </main>
  );
}

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      Ir
    </button>
  );
}

/** The hand-over of a first view painted for `pathname` (/planos), around the page the app renders there. */
function renderHandOver(view: ReturnType<typeof takeFirstView>, page: ReactNode, pathname = '/planos') {
  return render(
    <MemoryRouter initialEntries={[pathname]}>
      <FirstViewHandOver view={view}>{page}</FirstViewHandOver>
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

it('Without a page painted by the server there is no first view to keep', () => {
  document.body.innerHTML = '<div id="root"><div id="conteudo" class="shell-content"></div></div>';
  expect(takeFirstView()).toBeNull();
});

it("When the page's code is still loading, then the server's markup stays on screen (the same nodes) and the loading state is not seen; once the page shows the same heading, it takes the place", async () => {
  const view = serverPage('<main><h1>Planos</h1><p id="preco">Preço por pessoa</p></main>');
  const serverHeading = document.querySelector('h1');
  const { container } = render(
    <MemoryRouter initialEntries={['/planos']}>
      <FirstViewHandOver view={view}>
        <SlowPage />
      </FirstViewHandOver>
    </MemoryRouter>,
  );
  expect(screen.getByText('Preço por pessoa')).toBeVisible();
  expect(container.querySelector('h1')).toBe(serverHeading); // moved, not copied: images stay decoded
  // Only a picture of the page now: inert, and its ids gone (one element per label, no duplicate ids).
  expect(serverHeading?.closest('[inert]')).not.toBeNull();
  expect(document.getElementById('preco')).toBeNull();
  expect(screen.getByRole('status', { hidden: true })).not.toBeVisible();

  await act(async () => release()); // the page's DOM changes; the hand-over follows (MutationObserver)
  expect(screen.queryByText('Preço por pessoa')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

it('When the page never gets ready, then after FIRST_VIEW_MAX_MS it is shown in whatever state it is', () => {
  jest.useFakeTimers();
  const view = serverPage('<main><h1>Planos</h1></main>');
  renderHandOver(view, <SlowPage />);
  expect(screen.getByRole('heading', { name: 'Planos' })).toBeVisible();
  act(() => jest.advanceTimersByTime(FIRST_VIEW_MAX_MS));
  expect(screen.queryByRole('heading', { name: 'Planos' })).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toBeVisible();
});

/** The page's code still loading (the route's Suspense fallback: no page yet) until `load` is called. */
let load = () => undefined as void;
function LazyPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    load = () => setLoaded(true);
  }, []);
  return loaded ? <SlowPage /> : <div role="status">Carregando a página…</div>;
}

it("When the page's code takes longer than FIRST_VIEW_MAX_MS to arrive (a slow phone), then the server's markup stays meanwhile; the wait counts from the page's first render", async () => {
  jest.useFakeTimers();
  const view = serverPage('<main><h1>Planos</h1></main>');
  renderHandOver(view, <LazyPage />);
  act(() => jest.advanceTimersByTime(3 * FIRST_VIEW_MAX_MS));
  expect(screen.getByRole('heading', { name: 'Planos' })).toBeVisible();
  await act(async () => load()); // the page's DOM changes; the hand-over sees it (MutationObserver)
  act(() => jest.advanceTimersByTime(FIRST_VIEW_MAX_MS - 1));
  expect(screen.getByRole('heading', { name: 'Planos' })).toBeVisible();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('heading', { name: 'Planos' })).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toBeVisible();
});

it("When the page's area fails to load (its remote is unavailable), then the error is shown at once", () => {
  const view = serverPage('<main><h1>Planos</h1></main>');
  renderHandOver(
    view,
    <div className="clube-state" role="alert">
      <h2>Esta área está indisponível no momento</h2>
    </div>,
  );
  expect(screen.queryByRole('heading', { name: 'Planos' })).not.toBeInTheDocument();
  expect(screen.getByRole('alert')).toBeVisible();
});

it('When the person goes to another page before it is ready, then the server markup of the first page goes away at once', () => {
  const view = serverPage('<main><h1>Planos</h1></main>');
  renderHandOver(
    view,
    <>
      <GoTo to="/videos" />
      <SlowPage title="Vídeos" />
    </>,
  );
  act(() => screen.getByRole('button', { name: 'Ir', hidden: true }).click());
  expect(screen.queryByRole('heading', { name: 'Planos' })).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toBeVisible();
});

it('When the page finishes loading into another state than the server showed (an error), then it is shown at once, not after the wait', async () => {
  const view = serverPage('<main><h1>Planos</h1></main>');
  render(
    <MemoryRouter initialEntries={['/planos']}>
      <FirstViewHandOver view={view}>
        <SlowPage title="Não foi possível carregar os planos" />
      </FirstViewHandOver>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Planos' })).toBeVisible();
  await act(async () => release());
  expect(screen.queryByRole('heading', { name: 'Planos' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Não foi possível carregar os planos' })).toBeVisible();
});

/** The home page: its heading at once; until `release`, its banners loading and its category rows not there yet; then both, a row waiting for a scroll. */
function HomeLoadingBanners() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    release = () => setLoaded(true);
  }, []);
  return (
    <main>
      <h1>Bem-vindo ao Clube</h1>
      {loaded ? <section aria-label="Destaques">Banner novo</section> : <div role="status">Carregando destaques…</div>}
      {loaded && <div role="status">Carregando Qualidade…</div>}
    </main>
  );
}

it('When the page still loads a part the server showed loaded (the banners), then the server markup stays, even if the page has no more placeholders than it; once only the placeholders the server showed are left, the page takes its place', async () => {
  const view = serverPage('<main><h1>Bem-vindo ao Clube</h1><section aria-label="Destaques">Banner</section><div role="status">Carregando Qualidade…</div></main>', '/');
  renderHandOver(view, <HomeLoadingBanners />, '/');
  expect(screen.getByText('Banner')).toBeVisible();
  expect(screen.getByText('Carregando destaques…')).not.toBeVisible();
  await act(async () => release());
  expect(screen.queryByText('Banner')).not.toBeInTheDocument();
  expect(screen.getByText('Banner novo')).toBeVisible();
});
