import { useState, type RefObject } from 'react';
import { Download } from 'lucide-react';
import type { ChartImageInfo } from '#lib/client/chart-image.ts';

interface Props {
  /** The chart's drawn SVG, copied into the image. */
  svg: RefObject<SVGSVGElement | null>;
  /** Whether the chart has its real size yet (before that, its SVG is the server's placeholder). */
  measured: boolean;
  /** What the image says around the chart, read at the click (the legend follows the current view). */
  info: () => ChartImageInfo;
  filename: string;
  className?: string;
}

/** "Download image" of a chart: the image code loads on the click only, never with the page. */
export default function DownloadImageButton({ svg, measured, info, filename, className = '' }: Props) {
  const [downloading, setDownloading] = useState(false);

  async function download() {
    if (!svg.current) return;
    setDownloading(true);
    try {
      const { downloadChartImage } = await import('#lib/client/chart-image.ts');
      await downloadChartImage(svg.current, info(), filename);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={!measured || downloading}
      className={`js-only inline-flex items-center gap-2 rounded-md border border-border bg-surface-2 px-3 py-1.5 text-sm text-fg transition-colors hover:border-accent disabled:opacity-50 ${className}`}
    >
      <Download aria-hidden className="size-4" />
      Download image
    </button>
  );
}
