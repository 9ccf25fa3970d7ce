import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { PageLayout } from '../ui/page-layout';
import { ErrorState } from '../ui/states';

describe('UI kit', () => {
  it('When a page renders, then its title is the heading and the document title', () => {
    render(<PageLayout title="Planos" description="Escolha o seu" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Planos' })).toBeInTheDocument();
    expect(document.title).toBe('Planos · Clube');
  });

  it('When a button is loading, then it cannot be clicked', async () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Salvar
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button')).toHaveAttribute('aria-busy', 'true');
  });

  it('When an input has an error, then it is labelled, invalid and the error is announced', () => {
    render(<Input label="E-mail" error="Informe um e-mail válido." />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Informe um e-mail válido.');
  });

  it('When the retry button of an error is clicked, then the retry runs', async () => {
    const onRetry = jest.fn();
    render(<ErrorState message="Falhou" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
