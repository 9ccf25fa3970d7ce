import { act } from '@testing-library/react';
import { dismissToast, toast, TOAST_REMOVE_DELAY, updateToast, useToastStore } from '../toast-store';

const visible = () => useToastStore.getState().toasts.filter((t) => t.open);

describe('toast queue', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => jest.useRealTimers());

  it('When a toast is added, then it is visible with its variant', () => {
    toast({ title: 'Salvo', variant: 'success' });
    expect(visible()).toEqual([expect.objectContaining({ title: 'Salvo', variant: 'success', open: true })]);
  });

  it('When no variant is given, then the toast is "default"', () => {
    toast({ title: 'Olá' });
    expect(visible()[0]?.variant).toBe('default');
  });

  it('When a second toast is added, then it replaces the first (one visible at a time)', () => {
    toast({ title: 'Primeiro' });
    toast({ title: 'Segundo', variant: 'danger' });
    expect(useToastStore.getState().toasts).toHaveLength(1);
    expect(visible()[0]?.title).toBe('Segundo');
  });

  it('When a toast is dismissed, then it closes at once and leaves the queue 3000 ms later', () => {
    const { id } = toast({ title: 'Some' });
    act(() => dismissToast(id));
    expect(visible()).toHaveLength(0);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(3000);
  });

  it('When dismiss is called without an id, then every toast is dismissed', () => {
    toast({ title: 'Um' });
    dismissToast();
    expect(visible()).toHaveLength(0);
  });

  it('When a toast is updated, then its text and variant change in place', () => {
    const handle = toast({ title: 'Enviando…', variant: 'info' });
    updateToast(handle.id, { title: 'Enviado', variant: 'success' });
    expect(visible()).toEqual([expect.objectContaining({ id: handle.id, title: 'Enviado', variant: 'success' })]);
    handle.update({ description: 'Tudo certo' });
    expect(visible()[0]).toEqual(expect.objectContaining({ title: 'Enviado', description: 'Tudo certo', variant: 'success' }));
  });

  it('When a toast has a duration, then it dismisses itself after it', () => {
    toast({ title: 'Rápido', duration: 5000 });
    jest.advanceTimersByTime(4999);
    expect(visible()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(visible()).toHaveLength(0);
  });
});
