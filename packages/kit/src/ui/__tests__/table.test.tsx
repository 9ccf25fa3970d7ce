import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Table, type SortState, type TableColumn } from '../table';

interface Member {
  id: string;
  name: string;
  credits: number;
}

const MEMBERS: Member[] = [
  { id: 'a', name: 'Ana Souza', credits: 3 },
  { id: 'b', name: 'Bruno Lima', credits: 10 },
  { id: 'c', name: 'Carla Dias', credits: 1 },
];

const COLUMNS: TableColumn<Member>[] = [
  { key: 'name', header: 'Nome', cell: (m) => m.name, sortable: true },
  { key: 'credits', header: 'Créditos', cell: (m) => m.credits, sortable: true, align: 'end' },
];

/** A page that sorts in memory, as a list page would ask the API to. */
function MembersTable({ onSelected }: { onSelected?: (ids: string[]) => void }) {
  const [sort, setSort] = useState<SortState>({ key: 'name', direction: 'asc' });
  const [selected, setSelected] = useState(new Set<string>());
  const rows = [...MEMBERS].sort((a, b) => {
    const order = sort.key === 'name' ? a.name.localeCompare(b.name) : a.credits - b.credits;
    return sort.direction === 'asc' ? order : -order;
  });
  return (
    <Table
      caption="Membros"
      columns={COLUMNS}
      rows={rows}
      rowKey={(m) => m.id}
      rowLabel={(m) => m.name}
      sort={sort}
      onSortChange={setSort}
      selected={selected}
      onSelectedChange={(next) => {
        setSelected(next);
        onSelected?.([...next].sort());
      }}
    />
  );
}

const names = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('Table', () => {
  it('When a sortable header is pressed, then the order follows and aria-sort says which column and which way', async () => {
    render(<MembersTable />);
    expect(screen.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Créditos/ })).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(screen.getByRole('button', { name: /Créditos/ }));
    expect(names()).toEqual(['Carla Dias', 'Ana Souza', 'Bruno Lima']);
    expect(screen.getByRole('columnheader', { name: /Créditos/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(screen.getByRole('button', { name: /Créditos/ }));
    expect(names()).toEqual(['Bruno Lima', 'Ana Souza', 'Carla Dias']);
    expect(screen.getByRole('columnheader', { name: /Créditos/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('When rows are selected one by one or all at once, then the selection is reported and the header box follows', async () => {
    const onSelected = jest.fn();
    render(<MembersTable onSelected={onSelected} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Bruno Lima' }));
    expect(onSelected).toHaveBeenLastCalledWith(['b']);
    expect(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' })).toHaveProperty('indeterminate', true);
    expect(screen.getByRole('checkbox', { name: 'Selecionar Bruno Lima' }).closest('tr')).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    expect(onSelected).toHaveBeenLastCalledWith(['a', 'b', 'c']);
    expect(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    expect(onSelected).toHaveBeenLastCalledWith([]);
  });

  it('When the list is empty, loading or failed, then one row says so (and a failure offers to try again)', async () => {
    const retry = jest.fn();
    const { rerender } = render(<Table caption="Membros" columns={COLUMNS} rows={[]} rowKey={(m) => m.id} emptyMessage="Nenhum membro encontrado." />);
    expect(screen.getByRole('cell', { name: 'Nenhum membro encontrado.' })).toBeInTheDocument();

    rerender(<Table caption="Membros" columns={COLUMNS} rows={[]} rowKey={(m) => m.id} status="loading" />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Carregando a lista…');

    rerender(<Table caption="Membros" columns={COLUMNS} rows={[]} rowKey={(m) => m.id} status="error" errorMessage="Não foi possível carregar os membros." onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar os membros.');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('When the table is wider than the screen, then it scrolls inside a named, focusable region', () => {
    render(<MembersTable />);
    const region = screen.getByRole('region', { name: 'Membros' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table', { name: 'Membros' }));
  });
});
