import { type RefCallback, useCallback, useRef, useState } from 'react';

/**
 * For a box that scrolls sideways when its content is wider (a code block, a wide table): while it does, it
 * takes the focus, so that the arrow keys scroll it (WCAG 2.1.1), and is a named region, so that a screen
 * reader says what it is on the way in. While everything fits it is neither, so it adds no stop to the Tab
 * order. Spread `props` onto the box and give it `ref`; `label` or `labelledBy` names it.
 */
export function useScrollRegion<T extends HTMLElement>({
  label,
  labelledBy,
}: {
  label?: string;
  labelledBy?: string;
}) {
  const [scrollable, setScrollable] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);

  const ref = useCallback<RefCallback<T>>((element) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setScrollable(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The box and what is in it: either may change size (a narrower window, a longer snippet).
    const watch = new ResizeObserver(measure);
    watch.observe(element);
    for (const child of element.children) watch.observe(child);
    observer.current = watch;
  }, []);

  return {
    ref,
    scrollable,
    props: scrollable
      ? {
          tabIndex: 0,
          role: 'region' as const,
          'aria-label': labelledBy ? undefined : label,
          'aria-labelledby': labelledBy,
        }
      : {},
  };
}
