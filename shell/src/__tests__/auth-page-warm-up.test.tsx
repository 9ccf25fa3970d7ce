import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useAuthPageWarmUp } from '../auth/auth-page-warm-up';

function Page({ warmUp }: { warmUp: () => void }) {
  useAuthPageWarmUp(warmUp);
  return <input aria-label="E-mail" />;
}

function renderAt(path: string) {
  const warmUp = jest.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Page warmUp={warmUp} />
    </MemoryRouter>,
  );
  return warmUp;
}

describe('what signing in needs, fetched at the first interaction on an auth page', () => {
  it('When the login page opens, then nothing is fetched until the person focuses a field, and then once', () => {
    const warmUp = renderAt('/autenticacao/login');
    expect(warmUp).not.toHaveBeenCalled();
    fireEvent.focusIn(screen.getByLabelText('E-mail'));
    fireEvent.keyDown(screen.getByLabelText('E-mail'), { key: 'a' });
    expect(warmUp).toHaveBeenCalledTimes(1);
  });

  it('When a catalog page is used, then the interaction fetches nothing for signing in', () => {
    const warmUp = renderAt('/videos');
    fireEvent.focusIn(screen.getByLabelText('E-mail'));
    fireEvent.pointerDown(screen.getByLabelText('E-mail'));
    expect(warmUp).not.toHaveBeenCalled();
  });
});
