import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { useLeaveWarning } from '../use-leave-warning';

function EditorPage() {
  const [text, setText] = useState('');
  const { dialog } = useLeaveWarning(text !== '');
  return (
    <>
      <label>
        Nome
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      {dialog}
    </>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function App() {
  return (
    <BrowserRouter>
      <nav>
        <Link to="/outra">Outra página</Link>
        <Link to="/editor">Editor</Link>
        <a href="https://example.com/" target="_blank" rel="noreferrer">
          Site externo
        </a>
      </nav>
      <Routes>
        <Route path="/editor" element={<EditorPage />} />
        <Route path="/outra" element={<h1>Outra</h1>} />
      </Routes>
      <Where />
    </BrowserRouter>
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => window.history.replaceState(null, '', '/outra'));

describe('useLeaveWarning', () => {
  it('When the form is untouched, then an in-app link just navigates', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Editor' }));
    await userEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    expect(where()).toBe('/outra');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('When the form has changes and a menu link is clicked, then "Descartar alterações?" asks; staying keeps the text, discarding follows the link', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Editor' }));
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana');
    await userEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    const dialog = screen.getByRole('dialog', { name: 'Descartar alterações?' });
    expect(where()).toBe('/editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');

    await userEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Descartar alterações?' })).getByRole('button', { name: 'Descartar e sair' }));
    expect(where()).toBe('/outra');
    expect(window.location.pathname).toBe('/outra');
  });

  it('When the form has changes and Back is pressed, then the page stays and asks; discarding goes back', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Editor' }));
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana');
    window.history.back();
    expect(await screen.findByRole('dialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    expect(where()).toBe('/editor');
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');

    // Staying puts the guard back: Back asks again.
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continuar editando' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    window.history.back();
    expect(await screen.findByRole('dialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    expect(where()).toBe('/editor');

    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Descartar e sair' }));
    await waitFor(() => expect(where()).toBe('/outra'));
    expect(window.location.pathname).toBe('/outra');
  });

  it('When the changes are undone, then Back leaves at once (the extra history entry is taken out)', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Editor' }));
    await userEvent.type(screen.getByLabelText('Nome'), 'A');
    await userEvent.clear(screen.getByLabelText('Nome'));
    await waitFor(() => expect(window.history.state).not.toHaveProperty('clubeLeaveGuard'));
    window.history.back();
    await waitFor(() => expect(where()).toBe('/outra'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('When the form has changes, then a link that opens a new tab is left alone and closing the tab asks', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Editor' }));
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Site externo' }).dispatchEvent(click);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
