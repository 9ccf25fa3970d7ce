import { apiError, mockApi, startMockApi, type MockApi } from '@clube/dev-harness/mock-api';
import { renderRoute } from '@clube/dev-harness/test';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Routes from '../../routes';

const banner = (n: number, live: boolean) => ({
  _id: `6d000000000000000000000${n}`,
  title: `Banner ${n}`,
  imageUrl: `https://cdn.clube.test/banner-${n}.png`,
  linkUrl: null,
  order: n,
  active: true,
  startsAt: null,
  endsAt: null,
  live,
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-01T12:00:00.000Z',
});

let server: MockApi;
let patchReply: ReturnType<typeof apiError> | null = null;
beforeAll(() => {
  server = startMockApi(
    mockApi('get', '/v1/banners/all', () => ({ data: [banner(1, true), banner(2, false)], meta: { page: 1, limit: 100, total: 2, totalPages: 1 } })),
    mockApi('get', '/v1/banners/{id}', () => banner(1, true)),
    mockApi('patch', '/v1/banners/order', () => ({ data: [banner(2, false), banner(1, true)] }) as never),
    mockApi('patch', '/v1/banners/{id}', ({ body }) => patchReply ?? { ...banner(1, true), ...body }),
  );
});
afterEach(() => {
  server.reset();
  patchReply = null;
});
afterAll(() => server.close());

describe('banners', () => {
  it('When the list opens, then the banners are shown in order; moving the second up sends the new order', async () => {
    renderRoute(<Routes />, '/admin/banners', { persona: 'admin' });
    expect(await screen.findByRole('heading', { level: 2, name: '1. Banner 1' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '2. Banner 2' })).toBeInTheDocument();
    expect(screen.getByText('No ar agora')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subir Banner 2' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === '/v1/banners/order')?.body).toEqual({ ids: ['6d0000000000000000000002', '6d0000000000000000000001'] }),
    );
  });

  it('When the active switch is turned off, then only { active: false } is sent', async () => {
    renderRoute(<Routes />, '/admin/banners', { persona: 'admin' });
    const switches = await screen.findAllByRole('switch', { name: 'Ativo' }, { timeout: 5000 });
    await userEvent.click(switches[0] as HTMLElement);
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([{ method: 'PATCH', url: '/v1/banners/6d0000000000000000000001', body: { active: false } }]));
  });

  it('When the window ends before it starts, then the form refuses it next to the end field and nothing is sent', async () => {
    renderRoute(<Routes />, '/admin/banners/editar/6d0000000000000000000001', { persona: 'admin' });
    await userEvent.type(await screen.findByLabelText('Começa a aparecer em', {}, { timeout: 5000 }), '2026-05-10T10:00');
    await userEvent.type(screen.getByLabelText('Deixa de aparecer em'), '2026-05-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar banner' }));
    expect(await screen.findByText('O fim precisa ser depois do início.')).toBeInTheDocument();
    expect(screen.getByLabelText('Deixa de aparecer em')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('When the form has unsaved changes, then closing the tab asks first; an untouched form does not', async () => {
    renderRoute(<Routes />, '/admin/banners/editar/6d0000000000000000000001', { persona: 'admin' });
    const title = await screen.findByLabelText('Título', {}, { timeout: 5000 });
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);
    await userEvent.type(title, ' novo');
    const edited = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(edited);
    expect(edited.defaultPrevented).toBe(true);
  });

  it('When the API refuses the link, then its message is shown next to the link field and what was typed stays', async () => {
    patchReply = apiError(400, 'linkUrl: use https://… ou um caminho do site.', 'VALIDATION');
    renderRoute(<Routes />, '/admin/banners/editar/6d0000000000000000000001', { persona: 'admin' });
    await userEvent.type(await screen.findByLabelText('Link (opcional)', {}, { timeout: 5000 }), '/planos');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar banner' }));
    await waitFor(() => expect(screen.getByLabelText('Link (opcional)')).toHaveAccessibleDescription('linkUrl: use https://… ou um caminho do site.'));
    expect(screen.getByLabelText('Link (opcional)')).toHaveValue('/planos');
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ title: 'Banner 1', linkUrl: '/planos', startsAt: null, endsAt: null, active: true });
  });
});
