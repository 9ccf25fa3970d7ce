import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { headingOf, onlyPlaceholdersOf, statusesOf, type FirstView } from './take-first-view';

export { takeFirstView, type FirstView } from './take-first-view';

/**
 * The longest the server's markup stands in for the page once the page's code has rendered it (its
 * data may still be loading); past it the page shows whatever state it is in. Not counted while the
 * page's code loads: on a slow phone that alone can take longer, and the server's markup is the
 * page meanwhile (a loading skeleton in its place would be a step back).
 */
export const FIRST_VIEW_MAX_MS = 5000;

/**
 * Keeps the server's first view on screen, unchanged, while the page's own code loads (the
 * remote's entry, its page chunk, its first reads): the page renders hidden beside it and takes
 * its place once it shows the same heading with no more loading placeholders (or has finished
 * loading into another state: no placeholder left) — no blank, no skeleton, no shift in between.
 * Another path, or FIRST_VIEW_MAX_MS, ends it at once.
 */
export function FirstViewHandOver({ view, children }: { view: FirstView | null; children: ReactNode }) {
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState(view !== null);
  const server = useRef<HTMLDivElement>(null);
  const page = useRef<HTMLDivElement>(null);
  const active = waiting && view !== null && pathname === view.pathname;

  // The server's nodes go into the page in the same commit that removes the HTML's frame (no paint
  // between). From now on they are only a picture of the page: inert, and without their ids, so
  // labels, anchors and tests find the page's own elements (hidden until ready), never two of them.
  useLayoutEffect(() => {
    if (!view || !server.current || server.current.firstChild) return;
    server.current.append(...view.nodes);
    for (const element of server.current.querySelectorAll('[id]')) element.removeAttribute('id');
  }, [view]);

  useEffect(() => {
    const element = page.current;
    if (!active || !element || !view) return undefined;
    // Ready: the page shows what the server showed (the same heading, and nothing loading that the
    // server's view did not show loading), or it has finished loading into another state
    // (a redirect's page; an error, such as its remote failing to load, shown at once).
    const ready = () => {
      if (element.querySelector('.clube-state[role="alert"]') !== null) return true;
      if (element.querySelector('main') === null) return false;
      const statuses = statusesOf(element);
      return (headingOf(element) === view.heading && onlyPlaceholdersOf(view.statuses, statuses)) || (statuses.length === 0 && headingOf(element) !== null);
    };
    const done = () => setWaiting(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (ready()) done();
      else if (timer === undefined && element.querySelector('main') !== null) timer = setTimeout(done, FIRST_VIEW_MAX_MS);
    };
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    check();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [active, view]);

  if (!view) return children;
  return (
    <>
      {active && <div ref={server} style={{ display: 'contents' }} data-first-view="" inert />}
      <div ref={page} style={{ display: active ? 'none' : 'contents' }}>
        {children}
      </div>
    </>
  );
}
