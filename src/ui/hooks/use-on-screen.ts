import { useEffect, useState } from 'react';

/**
 * True while the element that `selector` finds is at least partly inside the viewport (it goes
 * back to false when it leaves). False while prerendering and when there is no such element.
 */
export function useOnScreen(selector: string): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = document.querySelector(selector);
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [selector]);
  return onScreen;
}
