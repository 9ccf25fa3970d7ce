// The CSS of the modules a remote's first-view renderer (server side) has loaded, in load order:
// the page's HTML carries it, so the server markup is styled before the remote's scripts inject it.
// Filled by scripts/first-view-css-loader.cjs (the renderer's build turns each CSS import into a call).
const styles = new Map<string, string>();

export function addFirstViewStyle(id: string, css: string): void {
  if (!styles.has(id)) styles.set(id, css);
}

/** Every stylesheet loaded so far, joined. */
export function firstViewStyles(): string {
  return [...styles.values()].join('\n');
}
