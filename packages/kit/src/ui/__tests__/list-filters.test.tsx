import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListFilters, SearchBox } from '../list-filters';
import { PaginatedTable, type PaginatedList } from '../query-table';

describe('SearchBox', () => {
  it('When words are typed, then the search applies on Enter or on the button, not on each key', async () => {
    const onSearch = jest.fn();
    render(<SearchBox region="Buscar usuários" label="Buscar por nome ou e-mail" value="" onSearch={onSearch} />);
    const box = within(screen.getByRole('search', { name: 'Buscar usuários' })).getByLabelText('Buscar por nome ou e-mail');
    await userEvent.type(box, 'ana');
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    await userEvent.clear(box);
    await userEvent.type(box, 'bruno');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch.mock.calls).toEqual([['ana'], ['bruno']]);
  });

  it('When the applied search changes from outside (Back, a link), then the box shows it; an error is announced beside it', () => {
    const { rerender } = render(<SearchBox region="Filtrar por membro" label="Código do membro" buttonLabel="Filtrar" value="abc" onSearch={jest.fn()} />);
    expect(screen.getByLabelText('Código do membro')).toHaveValue('abc');
    rerender(<SearchBox region="Filtrar por membro" label="Código do membro" buttonLabel="Filtrar" value="" error="Informe o código do membro." onSearch={jest.fn()} />);
    expect(screen.getByLabelText('Código do membro')).toHaveValue('');
    expect(screen.getByLabelText('Código do membro')).toHaveAccessibleDescription('Informe o código do membro.');
  });
});

describe('ListFilters', () => {
  const ROLES = [
    { value: '', label: 'Todos' },
    { value: 'ADMIN', label: 'Administradores' },
  ];
  const SORTS = [
    { value: 'recent', label: 'Mais recentes' },
    { value: 'votes', label: 'Mais votadas' },
  ];

  it("When a filter or the page size is chosen, then the list is told the new value; the fallback option is the filter's absence", async () => {
    const list = { params: { limit: 10, filters: { sort: 'votes' } }, setFilter: jest.fn(), setLimit: jest.fn() };
    render(
      <ListFilters
        list={list}
        filters={[
          { name: 'role', label: 'Papel', options: ROLES },
          { name: 'sort', label: 'Ordem', options: SORTS, fallback: 'recent' },
        ]}
        pageSize
      />,
    );
    expect(screen.getByLabelText('Papel')).toHaveDisplayValue('Todos');
    expect(screen.getByLabelText('Ordem')).toHaveDisplayValue('Mais votadas');
    await userEvent.selectOptions(screen.getByLabelText('Papel'), 'Administradores');
    await userEvent.selectOptions(screen.getByLabelText('Ordem'), 'Mais recentes');
    await userEvent.selectOptions(screen.getByLabelText('Itens por página'), '50 por página');
    expect(list.setFilter.mock.calls).toEqual([
      ['role', 'ADMIN'],
      ['sort', ''],
    ]);
    expect(list.setLimit).toHaveBeenCalledWith(50);
  });
});

describe('PaginatedTable', () => {
  const list = (changes: Partial<PaginatedList<{ name: string }>>): PaginatedList<{ name: string }> => ({
    rows: [],
    total: 0,
    params: { page: 1, limit: 10 },
    isPending: false,
    isError: false,
    isPlaceholderData: false,
    data: undefined,
    error: null,
    refetch: jest.fn(),
    setPage: jest.fn(),
    ...changes,
  });
  const columns = [{ key: 'name', header: 'Nome', cell: (row: { name: string }) => row.name }];

  it('When the first page fails, then the API message and "Tentar novamente" show; a failed next page keeps the rows on screen', async () => {
    const refetch = jest.fn();
    const { rerender } = render(<PaginatedTable caption="Usuários" columns={columns} rowKey={(row) => row.name} list={list({ isError: true, error: new Error('Serviço indisponível.'), refetch })} />);
    expect(screen.getByText('Serviço indisponível.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalled();

    const page = { data: [{ name: 'Ana' }] };
    rerender(<PaginatedTable caption="Usuários" columns={columns} rowKey={(row) => row.name} list={list({ rows: page.data, data: page, total: 25, isError: true, error: new Error('Serviço indisponível.') })} />);
    expect(screen.getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.queryByText('Serviço indisponível.')).not.toBeInTheDocument();
  });

  it('When the list has more pages, then the pagination below moves between them', async () => {
    const setPage = jest.fn();
    render(<PaginatedTable caption="Usuários" columns={columns} rowKey={(row) => row.name} list={list({ rows: [{ name: 'Ana' }], data: {}, total: 25, setPage })} />);
    expect(screen.getByRole('navigation', { name: 'Paginação' })).toHaveTextContent('Mostrando 1–10 de 25');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(setPage).toHaveBeenCalledWith(2);
  });
});
