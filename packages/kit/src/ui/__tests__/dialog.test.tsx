import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog, Dialog } from '../dialog';

function EditPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Editar banner
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Editar banner" description="Mude o título exibido." footer={<button type="button" onClick={() => setOpen(false)}>Salvar</button>}>
        <label>
          Título
          <input />
        </label>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('When it opens, then focus goes inside; Tab and Shift+Tab stay inside; Esc closes it and focus returns to the button that opened it', async () => {
    render(<EditPage />);
    const opener = screen.getByRole('button', { name: 'Editar banner' });
    await userEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Editar banner' });
    expect(dialog).toHaveAccessibleDescription('Mude o título exibido.');
    expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('When it is closed by its own button, then focus also returns to the opener', async () => {
    render(<EditPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar banner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar banner' })).toHaveFocus();
  });
});

function DeletePage({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Excluir
      </button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title="Excluir conteúdo?" message="Esta ação não pode ser desfeita." confirmLabel="Excluir conteúdo" tone="danger" onConfirm={onConfirm} />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('When it opens, then Cancel has the focus, so Enter never confirms by accident', async () => {
    const onConfirm = jest.fn().mockResolvedValue(undefined);
    render(<DeletePage onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('When the action fails, then its message is shown in the dialog, which stays open (and is gone when reopened); when it succeeds, the dialog closes', async () => {
    const onConfirm = jest.fn().mockRejectedValueOnce(new Error('Este conteúdo tem desbloqueios e não pode ser excluído.')).mockResolvedValueOnce(undefined);
    render(<DeletePage onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir conteúdo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este conteúdo tem desbloqueios e não pode ser excluído.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Excluir conteúdo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excluir' })).toHaveFocus();
  });
});
