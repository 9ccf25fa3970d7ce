import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from '../app-routes';

describe('shell routes', () => {
  it('When a path no remote owns is opened, then the Portuguese 404 page is shown', () => {
    render(
      <MemoryRouter initialEntries={['/caminho-que-nao-existe']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });
});
