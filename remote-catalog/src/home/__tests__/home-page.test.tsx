import { mockApi, startMockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { act, screen, within } from '@testing-library/react';
import Routes from '../../routes';
import { CATEGORIES, content, page, video } from '../../__tests__/support/fixtures';

const api = startMockApi(
  mockApi('get', '/v1/categories/', () => page(CATEGORIES)),
  mockApi('get', '/v1/banners/', () => page([])),
  mockApi('get', '/v1/videos/', ({ request }) => {
    const categoryId = new URL(request.url).searchParams.get('categoryId');
    return page(categoryId ? [video({ _id: `v-${categoryId}`, title: `Vídeo de ${CATEGORIES.find((c) => c._id === categoryId)?.name}`, categoryId })] : [video()]);
  }),
  mockApi('get', '/v1/contents/', () => page([content()])),
);
afterAll(() => api.close());

/** A browser's IntersectionObserver, driven by the test: `scrollNear(element)` brings it within the margin. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  static scrollNear(target: Element) {
    for (const observer of FakeObserver.all.filter((o) => o.targets.has(target))) {
      observer.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  }
}

beforeEach(() => {
  api.reset();
  FakeObserver.all = [];
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: FakeObserver });
});
afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const categoryCalls = () => api.requests.filter((request) => request.url.includes('categoryId='));

describe('home page category rows', () => {
  it('When the home page opens, then the first category row loads at once (the server paints it too) and the rows below it wait; scrolling near one loads just that row', async () => {
    renderRoute(<Routes />, '/', { persona: 'visitante' });
    const first = await screen.findByRole('region', { name: CATEGORIES[0]!.name });
    await screen.findByRole('heading', { level: 2, name: 'Novidades' });
    expect(await within(first).findByText(`Vídeo de ${CATEGORIES[0]!.name}`)).toBeInTheDocument();
    const second = screen.getByRole('region', { name: CATEGORIES[1]!.name });
    expect(within(second).getByText(`Carregando ${CATEGORIES[1]!.name}…`)).toBeInTheDocument();
    const asked = () => categoryCalls().map((request) => new URL(request.url, 'http://x').searchParams.get('categoryId'));
    expect(asked()).toEqual([CATEGORIES[0]!._id]);
    // Nothing is being fetched for a waiting row: its placeholder cards stand still (no shimmer).
    expect(second.querySelector('[aria-busy="true"]')).toHaveClass('catalog-skeleton--still');

    act(() => FakeObserver.scrollNear(second));
    expect(await within(second).findByText(`Vídeo de ${CATEGORIES[1]!.name}`)).toBeInTheDocument();
    expect(asked()).toEqual([CATEGORIES[0]!._id, CATEGORIES[1]!._id]);
  });
});
