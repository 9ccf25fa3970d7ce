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
  /** How many loading placeholders it shows (parts of the page that load later anyway). */
  statuses: number;
}

export const headingOf = (element: Element) => element.querySelector('h1')?.textContent ?? null;
export const statusesOf = (element: Element) => element.querySelectorAll('[role="status"]').length;

/** Takes the server's first view from the page, before React replaces the HTML's frame. */
export function takeFirstView(doc: Document = document): FirstView | null {
  const area = doc.getElementById('conteudo');
  const pathname = area?.getAttribute('data-first-view');
  if (!area || !pathname || !area.firstChild) return null;
  return { pathname, nodes: [...area.childNodes], heading: headingOf(area), statuses: statusesOf(area) };
}

