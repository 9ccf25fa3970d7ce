import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { readListParams, usePaginatedQuery, type ListParams } from '../data';
import { createQueryClient, type Paginated } from '../query';

interface Row {
  name: string;
}

/** A fake endpoint whose answers the test releases one by one. */
function controlledEndpoint() {
  const calls: Array<{ params: ListParams<'role'>; resolve: (page: Paginated<Row>) => void }> = [];
  const queryFn = (params: ListParams<'role'>) => new Promise<Paginated<Row>>((resolve) => calls.push({ params, resolve }));
  const answer = (index: number, names: string[], total = 30) => {
    const { params, resolve } = calls[index]!;
    resolve({ data: names.map((name) => ({ name })), meta: { page: params.page, limit: params.limit, total, totalPages: Math.ceil(total / params.limit) } });
  };
  return { calls, queryFn, answer };
}

function Location() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

function UserList({ queryFn }: { queryFn: (params: ListParams<'role'>) => Promise<Paginated<Row>> }) {
  const list = usePaginatedQuery({ query: (params: ListParams<'role'>) => ({ queryKey: ['users', params], queryFn: () => queryFn(params) }), filters: ['role'] });
  return (
    <section aria-busy={list.isFetching}>
      <p>{list.isPending ? 'Carregando…' : `Página ${list.data?.meta.page} de ${list.totalPages}${list.isPlaceholderData ? ' (carregando a próxima)' : ''}`}</p>
      <ul>
        {list.rows.map((row) => (
          <li key={row.name}>{row.name}</li>
        ))}
      </ul>
      <button onClick={() => list.setPage(list.params.page + 1)}>Próxima</button>
      <button onClick={() => list.setSearch('ana')}>Buscar ana</button>
      <button onClick={() => list.setFilter('role', 'ADMIN')}>Só admins</button>
      <button onClick={() => list.setFilter('role', undefined)}>Todos os papéis</button>
      <button onClick={() => list.setLimit(20)}>20 por página</button>
    </section>
  );
}

function renderList(url: string, queryFn: (params: ListParams<'role'>) => Promise<Paginated<Row>>) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={createQueryClient()}>
        <UserList queryFn={queryFn} />
        <Location />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('usePaginatedQuery', () => {
  it('When the URL carries page, limit, search and a filter, then the list asks for exactly those', async () => {
    const endpoint = controlledEndpoint();
    renderList('/admin/usuarios?page=2&limit=20&search=%20ana%20&role=ADMIN&tab=x', endpoint.queryFn);
    await waitFor(() => expect(endpoint.calls).toHaveLength(1));
    expect(endpoint.calls[0]!.params).toEqual({ page: 2, limit: 20, search: 'ana', filters: { role: 'ADMIN' } });
  });

  it('When the URL has nonsense, then the list starts from page 1 and the default page size', () => {
    expect(readListParams(new URLSearchParams('page=abc&limit=0'), ['role'])).toEqual({ page: 1, limit: 10, search: '', filters: {} });
    expect(readListParams(new URLSearchParams('page=-2&limit=5000'), ['role'])).toEqual({ page: 1, limit: 10, search: '', filters: {} });
    expect(readListParams(new URLSearchParams('page=3&other=1'), [])).toEqual({ page: 3, limit: 10, search: '', filters: {} });
  });

  it('When the next page is asked for, then it goes to the URL and the previous page stays on screen until it arrives', async () => {
    const endpoint = controlledEndpoint();
    renderList('/admin/usuarios', endpoint.queryFn);
    await waitFor(() => expect(endpoint.calls).toHaveLength(1));
    endpoint.answer(0, ['Ana', 'Bruno']);
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');
    await waitFor(() => expect(endpoint.calls).toHaveLength(2));
    expect(endpoint.calls[1]!.params.page).toBe(2);
    expect(screen.getByText('Página 1 de 3 (carregando a próxima)')).toBeInTheDocument();
    expect(screen.getByText('Ana')).toBeInTheDocument();

    endpoint.answer(1, ['Camila']);
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    expect(screen.queryByText('Ana')).not.toBeInTheDocument();
    expect(screen.getByText('Camila')).toBeInTheDocument();
  });

  it('When the search, a filter or the page size changes, then the list goes back to page 1 and the rest of the URL stays', async () => {
    const endpoint = controlledEndpoint();
    renderList('/admin/usuarios?page=3&tab=x', endpoint.queryFn);
    await waitFor(() => expect(endpoint.calls).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Buscar ana' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?tab=x&search=ana$/);
    await userEvent.click(screen.getByRole('button', { name: 'Só admins' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?tab=x&search=ana&role=ADMIN$/);
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await userEvent.click(screen.getByRole('button', { name: '20 por página' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?tab=x&search=ana&role=ADMIN&limit=20$/);
    await userEvent.click(screen.getByRole('button', { name: 'Todos os papéis' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?tab=x&search=ana&limit=20$/);
    await waitFor(() => expect(endpoint.calls.at(-1)!.params).toEqual({ page: 1, limit: 20, search: 'ana', filters: {} }));
  });
});
