import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'info' | 'warning' | 'danger' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it dismisses itself; omitted → stays until dismissed. */
  duration?: number;
}

export interface Toast extends ToastInput {
  id: string;
  variant: ToastVariant;
  open: boolean;
}

/** At most this many toasts are kept; a new one replaces the old. */
export const TOAST_LIMIT = 1;
/** A dismissed toast leaves the queue this long after being dismissed (room for its exit). */
export const TOAST_REMOVE_DELAY = 3000;

interface ToastState {
  toasts: Toast[];
}

export const useToastStore = create<ToastState>(() => ({ toasts: [] }));

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      useToastStore.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Dismisses one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  useToastStore.setState((state) => ({
    toasts: state.toasts.map((t) => {
      if (id !== undefined && t.id !== id) return t;
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }),
  }));
}

export function updateToast(id: string, patch: ToastInput): void {
  useToastStore.setState((state) => ({
    toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...patch, variant: patch.variant ?? t.variant } : t)),
  }));
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (patch: ToastInput) => void;
}

/** Shows a toast; it replaces whatever toast is visible (TOAST_LIMIT = 1). */
export function toast(input: ToastInput): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const next: Toast = { ...input, id, variant: input.variant ?? 'default', open: true };
  useToastStore.setState((state) => ({ toasts: [next, ...state.toasts].slice(0, TOAST_LIMIT) }));
  if (input.duration !== undefined) setTimeout(() => dismissToast(id), input.duration);
  return { id, dismiss: () => dismissToast(id), update: (patch) => updateToast(id, patch) };
}

/** The toast API a component receives from `useToast()`. */
export function useToast() {
  const toasts = useToastStore((state) => state.toasts);
  return { toasts, toast, dismiss: dismissToast, update: updateToast };
}
