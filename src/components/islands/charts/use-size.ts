import { useEffect, useRef, useState } from 'react';

/**
 * The pixel size of a chart's box, followed as it changes (a rotated phone, a resized window), so
 * the chart draws at its real size and its text never scales. Until the island runs (the server's
 * HTML), `initial` is used and the SVG scales into its box.
 */
export function useSize(initial: { width: number; height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(initial);
  const [measured, setMeasured] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const { width, height } = el.getBoundingClientRect();
      if (width > 0 && height > 0) {
        setSize((s) =>
          Math.round(width) === s.width && Math.round(height) === s.height ? s : { width: Math.round(width), height: Math.round(height) },
        );
        setMeasured(true);
      }
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, size, measured };
}
