import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, useToastStore } from '../toast-store';
import { Toaster } from '../toaster';

describe('<Toaster />', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('When an error toast shows, then it is announced as an alert and the close button dismisses it', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Falhou', description: 'Tente de novo', variant: 'destructive' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Falhou');
    await userEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('When Escape is pressed, then the visible toast is dismissed', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Salvo', variant: 'success' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Salvo');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('Salvo')).not.toBeInTheDocument();
  });
});
