import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageSlots, Pagination } from '../pagination';

describe('Pagination', () => {
  it('When there are many pages, then the first, the last and two either side of the current one are shown', () => {
    expect(pageSlots(1, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageSlots(1, 12)).toEqual([1, 2, 3, 'gap', 12]);
  });

  it('When a page is open, then it is marked current, "Mostrando" counts its rows and the buttons move between pages', async () => {
    const onPageChange = jest.fn();
    render(<Pagination page={2} limit={10} total={57} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Paginação' })).toHaveTextContent('Mostrando 11–20 de 57');
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Página 6' }));
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1], [6]]);
  });

  it('When on the first or last page, then the way out of the list is disabled; when everything fits, nothing is shown', () => {
    const { rerender } = render(<Pagination page={1} limit={10} total={25} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    rerender(<Pagination page={3} limit={10} total={25} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    rerender(<Pagination page={1} limit={10} total={8} onPageChange={jest.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
