import { mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import pageData from '../page-data.json';
import Routes from '../routes';
import { CATEGORIES, content, page, plan, video } from './support/fixtures';

// The shell's server embeds, in a page's HTML, the answers to the reads page-data.json declares for
// it. A declared read the page does not make is wasted bytes; a read it makes and nobody declared
// waits for the network (and loads the API client): both show up here, against the calls the real
// pages make. Answers wait for the gate: what a page asks before any answer arrives is its first
// render's reads (`data`); once they are answered, the reads that depend on an answer (`derived`:
// the first category's row, a video's related videos) must be exactly those declared, filled from
// the answers the page was given, as the server fills them.
let openGate = () => undefined as void;
let gate = Promise.resolve();
/** The answers given, by canonical URL: what the server would have read a derived read's value from. */
const served = new Map<string, unknown>();
async function serve<T>(request: Request, body: T): Promise<T> {
  await gate;
  served.set(canonical(request.url), body);
  return body;
}
const api = startMockApi(
  mockApi('get', '/v1/categories/', ({ request }) => serve(request, page(CATEGORIES))),
  mockApi('get', '/v1/banners/', ({ request }) => serve(request, page([]))),
  mockApi('get', '/v1/videos/', ({ request }) => serve(request, page([video()]))),
  mockApi('get', '/v1/videos/{idOrSlug}', ({ request }) => serve(request, video())),
  mockApi('get', '/v1/contents/', ({ request }) => serve(request, page([content()]))),
  mockApi('get', '/v1/plans/', ({ request }) => serve(request, { data: [plan({})] })),
  mockApi('get', '/v1/legal/{slug}', ({ request, params }) => {
    const slug = params.slug === 'termos-de-uso' ? ('termos-de-uso' as const) : ('politica-de-privacidade' as const);
    return serve(request, { kind: slug === 'termos-de-uso' ? ('TERMS' as const) : ('PRIVACY' as const), slug, title: slug === 'termos-de-uso' ? 'Termos de uso' : 'Política de privacidade', version: '1', publishedAt: '2026-11-23', body: '## 1. Quem somos' });
  }),
);
afterAll(() => api.close());
/**
 * A phone's first screen (Lighthouse's, 412×823, and the 600 px margin of useNearViewport): of the
 * parts of a page that wait to be near it (the home's category rows), the first is; jsdom has no
 * layout to tell, so this observer says it. Measured in the browser: `/` asks for its first
 * category's row before any scroll.
 */
const PARTS_ON_FIRST_SCREEN = 1;
class FirstScreenObserver {
  static seen = new Set<Element>();
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    FirstScreenObserver.seen.add(target);
    if ([...FirstScreenObserver.seen].indexOf(target) < PARTS_ON_FIRST_SCREEN) {
      queueMicrotask(() => this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
    }
  }
  unobserve() {
    // Nothing to stop: an element's entry is given once, when it is observed.
  }
  disconnect() {
    // As unobserve.
  }
}

beforeEach(() => {
  api.reset();
  served.clear();
  FirstScreenObserver.seen.clear();
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: FirstScreenObserver });
  gate = new Promise((resolve) => (openGate = resolve));
});
afterEach(() => {
  openGate();
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

/** `/v1/videos?sort=newest&limit=4` → `/v1/videos?limit=4&sort=newest`, as the server and the client key them. */
const canonical = (url: string) => {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return `${parsed.pathname.replace(/(.)\/$/, '$1')}${query ? `?${query}` : ''}`;
};

const TITLES: Record<string, string> = {
  '/': 'Bem-vindo ao Clube',
  '/videos': 'Vídeos',
  '/videos/:slug': 'Carregando vídeo…', // its heading comes with its read (the gate holds every answer)
  '/conteudos': 'Conteúdos',
  '/planos': 'Planos',
  '/termos-de-uso': 'Termos de uso',
  '/politica-de-privacidade': 'Política de privacidade',
};

/** The value at `data.0._id` of an answer, as the server reads a derived read's `:value`. */
const fieldOf = (answer: unknown, field: string) =>
  field.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined), answer);

/** The address opened for a declared route pattern, and its reads with the `:name` segments filled as the server fills them. */
const EXAMPLE_PARAMS: Record<string, string> = { slug: 'coleta-segura' };
const filled = (pattern: string) => pattern.replace(/\/:(\w+)/g, (_whole, name: string) => `/${EXAMPLE_PARAMS[name]}`);

describe('page-data.json', () => {
  it('declares only pages of this remote, each with a title checked below', () => {
    expect(Object.keys(pageData.pages).sort()).toEqual(Object.keys(TITLES).sort());
  });

  it.each(Object.entries(pageData.pages))('When a guest opens %s, then its first render reads exactly the declared API calls', async (path, declared) => {
    renderRoute(<Routes />, filled(path), { persona: 'visitante' });
    expect(await screen.findByRole('heading', { level: 1, name: TITLES[path] })).toBeInTheDocument();
    const asked = () => [...new Set(api.requests.map((r) => `${r.method} ${canonical(r.url)}`))].sort();
    const expected = declared.data.map((url) => `GET ${filled(url)}`).sort();
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(expected)));
    await new Promise((resolve) => setTimeout(resolve, 100)); // room for a read nobody declared
    expect(asked()).toEqual(expected);
    expect(declared.data.map(canonical)).toEqual(declared.data); // written in the canonical form the server keys by

    // The answers come: the reads that depend on them are exactly the derived ones, filled from them.
    const derived = 'derived' in declared ? declared.derived : [];
    openGate();
    await waitFor(() => expect([...served.keys()]).toEqual(expect.arrayContaining(declared.data.map(filled))));
    const filledDerived = derived.map(({ from, field, read }) => `GET ${filled(read).replace(':value', String(fieldOf(served.get(filled(from)), field)))}`);
    const everything = [...new Set([...expected, ...filledDerived])].sort();
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(everything)));
    await new Promise((resolve) => setTimeout(resolve, 100)); // room for a read nobody declared
    expect(asked()).toEqual(everything);
    for (const { from, read } of derived) {
      expect(declared.data).toContain(from);
      expect(canonical(read.replace(':value', 'x'))).toEqual(read.replace(':value', 'x'));
    }
  });

  it.each(Object.entries(pageData.pages).filter(([, declared]) => 'image' in declared))('The image preloaded on %s comes from one of its declared reads', (_path, declared) => {
    const { image } = declared as { data: string[]; image: { from: string; field: string } };
    expect(declared.data).toContain(image.from);
    expect(image.field).toMatch(/^data\.0\.[a-zA-Z]+$/);
  });
});
