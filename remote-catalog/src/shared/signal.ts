/**
 * A value outside React that components read with `useSyncExternalStore(signal.subscribe, signal.get,
 * signal.get)`: when it changes, only the components reading it render again, not their parents.
 * `set` notifies only when the value is different.
 */
export interface Signal<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createSignal<T>(initial: T): Signal<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
