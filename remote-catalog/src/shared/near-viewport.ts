import { useCallback, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (once true, it stays true): a part
 * of a page far below the first screen asks for its data when the visitor scrolls towards it, not
 * while the first screen is being drawn. Without IntersectionObserver it is true at once.
 *   const [ref, near] = useNearViewport<HTMLElement>();
 *   useQuery({ …, enabled: near });  <section ref={ref}>…
 */
export function useNearViewport<T extends Element>(margin = '600px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, near],
  );
  return [ref, near];
}
