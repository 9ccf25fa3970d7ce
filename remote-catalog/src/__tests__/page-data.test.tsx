import { mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import pageData from '../page-data.json';
import Routes from '../routes';
import { CATEGORIES, content, page, plan, video } from './support/fixtures';

// The shell's server embeds, in a page's HTML, the answers to the reads page-data.json declares for
// it. A declared read the page does not make is wasted bytes; a read it makes and nobody declared
// waits for the network: both show up here, against the calls the real pages make.
// Answers wait for the gate: what a page asks before any answer arrives is its first render's reads
// (later reads depend on an answer, e.g. a row per category, and the server cannot know them).
let openGate = () => undefined as void;
let gate = Promise.resolve();
const api = startMockApi(
  mockApi('get', '/v1/categories/', async () => (await gate, page(CATEGORIES))),
  mockApi('get', '/v1/banners/', async () => (await gate, page([]))),
  mockApi('get', '/v1/videos/', async () => (await gate, page([video()]))),
  mockApi('get', '/v1/videos/{idOrSlug}', async () => (await gate, video())),
  mockApi('get', '/v1/contents/', async () => (await gate, page([content()]))),
  mockApi('get', '/v1/plans/', async () => (await gate, { data: [plan({})] })),
  mockApi('get', '/v1/legal/{slug}', async ({ params }) => {
    await gate;
    const slug = params.slug === 'termos-de-uso' ? ('termos-de-uso' as const) : ('politica-de-privacidade' as const);
    return { kind: slug === 'termos-de-uso' ? ('TERMS' as const) : ('PRIVACY' as const), slug, title: slug === 'termos-de-uso' ? 'Termos de uso' : 'Política de privacidade', version: '1', publishedAt: '2026-11-23', body: '## 1. Quem somos' };
  }),
);
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  gate = new Promise((resolve) => (openGate = resolve));
});
afterEach(() => openGate());

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
  });

  it.each(Object.entries(pageData.pages).filter(([, declared]) => 'image' in declared))('The image preloaded on %s comes from one of its declared reads', (_path, declared) => {
    const { image } = declared as { data: string[]; image: { from: string; field: string } };
    expect(declared.data).toContain(image.from);
    expect(image.field).toMatch(/^data\.0\.[a-zA-Z]+$/);
  });
});
