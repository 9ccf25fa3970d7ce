// What the start-up reads from the HTML before React runs: no React or router here, so it is
// evaluated with the first script and not with the app's modules (shell/src/bootstrap.tsx).

/** The page area the shell's server painted into the HTML (scripts/serve-static.cjs, `data-first-view`). */
export interface FirstView {
  /** The path it was painted for. */
  pathname: string;
  /** Its DOM nodes, moved (not copied) into the page when React takes over, so images stay decoded. */
  nodes: Node[];
  /** Its main heading, what the page shows once its code and data are ready. */
  heading: string | null;
  /** What its loading placeholders say (parts of the page that load later anyway, such as the rows below the first screen). */
  statuses: string[];
}

export const headingOf = (element: Element) => element.querySelector('h1')?.textContent ?? null;
/** What each loading placeholder of a page area says ("Carregando Qualidade…"), in order. */
export const statusesOf = (element: Element) => [...element.querySelectorAll('[role="status"]')].map((status) => status.textContent?.trim() ?? '');

/**
 * Whether every placeholder in `page` is one the server's view shows too (each counted once): the
 * page then shows nothing loading that the view did not. A count alone was not enough: a page still
 * loading its banners, before its category rows were there, had fewer placeholders than the view
 * and took its place with a shorter box, and what was below moved when the banners came.
 */
export function onlyPlaceholdersOf(view: readonly string[], page: readonly string[]): boolean {
  const left = [...view];
  for (const label of page) {
    const at = left.indexOf(label);
    if (at === -1) return false;
    left.splice(at, 1);
  }
  return true;
}

/** Takes the server's first view from the page, before React replaces the HTML's frame. */
export function takeFirstView(doc: Document = document): FirstView | null {
  const area = doc.getElementById('conteudo');
  const pathname = area?.getAttribute('data-first-view');
  if (!area || !pathname || !area.firstChild) return null;
  return { pathname, nodes: [...area.childNodes], heading: headingOf(area), statuses: statusesOf(area) };
}

