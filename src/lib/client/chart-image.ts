/**
 * "Download image": the chart as a PNG that stands on its own once shared, with its title, its
 * legend, where the figures come from and their date around the chart itself. The chart's SVG is
 * drawn into a canvas (its colours and fonts are attributes, so it needs no stylesheet) and the
 * texts are written around it.
 */
import { colors } from '../../../tailwind.config.mjs';

export interface ImageLegendItem {
  label: string;
  color: string;
  /** The line's dash pattern ('' solid); area series are filled squares. */
  dash?: string;
  kind?: 'line' | 'area';
  /** A figure after the label ('15.5B'). */
  value?: string;
}

export interface ChartImageInfo {
  title: string;
  subtitle?: string;
  legend: ImageLegendItem[];
  /** 'Source: ...', one line. */
  source: string;
  /** 'Data as of ...', one line. */
  asOf: string;
}

const FONT = 'Inter, ui-sans-serif, system-ui, sans-serif';
const MARGIN = 24;
/** Pixels per CSS pixel: a sharp image on a high-density screen or in a slide. */
const SCALE = 2;

function loadSvg(svg: SVGSVGElement, width: number, height: number): Promise<HTMLImageElement> {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const text = new XMLSerializer().serializeToString(clone);
  return new Promise((ok, fail) => {
    const img = new Image();
    img.onload = () => ok(img);
    img.onerror = () => fail(new Error('The chart could not be drawn into an image'));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
}

/** Lays the legend out in rows that fit `width`; returns each item's position. */
function legendRows(ctx: CanvasRenderingContext2D, items: ImageLegendItem[], width: number) {
  ctx.font = `13px ${FONT}`;
  const placed: { item: ImageLegendItem; x: number; row: number }[] = [];
  let x = 0;
  let row = 0;
  for (const item of items) {
    const text = item.value ? `${item.label} ${item.value}` : item.label;
    const w = 24 + ctx.measureText(text).width + 18;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    placed.push({ item, x, row });
    x += w;
  }
  return { placed, rows: items.length ? row + 1 : 0 };
}

/** The composed image: title, subtitle, chart, legend, source and date, on the page's background. */
async function composeChartImage(svg: SVGSVGElement, info: ChartImageInfo): Promise<HTMLCanvasElement> {
  const box = svg.getBoundingClientRect();
  const chartW = Math.round(box.width);
  const chartH = Math.round(box.height);
  const width = Math.max(chartW, 480) + MARGIN * 2;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No canvas');
  const { placed, rows } = legendRows(ctx, info.legend, width - MARGIN * 2);
  const titleH = 28 + (info.subtitle ? 20 : 0);
  const legendH = rows * 22;
  const height = MARGIN + titleH + 12 + chartH + 16 + legendH + 12 + 40 + MARGIN;
  canvas.width = width * SCALE;
  canvas.height = height * SCALE;
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = colors.bg;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'top';

  let y = MARGIN;
  ctx.fillStyle = colors.fg;
  ctx.font = `600 20px ${FONT}`;
  ctx.fillText(info.title, MARGIN, y);
  y += 28;
  if (info.subtitle) {
    ctx.fillStyle = colors.muted;
    ctx.font = `13px ${FONT}`;
    ctx.fillText(info.subtitle, MARGIN, y);
    y += 20;
  }
  y += 12;
  ctx.drawImage(await loadSvg(svg, chartW, chartH), MARGIN, y, chartW, chartH);
  y += chartH + 16;

  ctx.font = `13px ${FONT}`;
  for (const { item, x, row } of placed) {
    const top = y + row * 22;
    const left = MARGIN + x;
    ctx.fillStyle = item.color;
    ctx.strokeStyle = item.color;
    if (item.kind === 'area') ctx.fillRect(left, top + 3, 12, 12);
    else {
      ctx.lineWidth = 2;
      ctx.setLineDash(item.dash ? item.dash.split(' ').map(Number) : []);
      ctx.beginPath();
      ctx.moveTo(left, top + 9);
      ctx.lineTo(left + 18, top + 9);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.fillStyle = colors.muted;
    ctx.fillText(item.label, left + 24, top + 2);
    if (item.value) {
      ctx.fillStyle = colors.fg;
      ctx.fillText(item.value, left + 24 + ctx.measureText(`${item.label} `).width, top + 2);
    }
  }
  y += legendH + 12;

  ctx.fillStyle = colors.muted;
  ctx.font = `12px ${FONT}`;
  ctx.fillText(info.source, MARGIN, y);
  ctx.fillText(info.asOf, MARGIN, y + 18);
  return canvas;
}

/** Composes the image and saves it as `filename`. */
export async function downloadChartImage(svg: SVGSVGElement, info: ChartImageInfo, filename: string): Promise<void> {
  const canvas = await composeChartImage(svg, info);
  const blob = await new Promise<Blob | null>((ok) => canvas.toBlob(ok, 'image/png'));
  if (!blob) throw new Error('The image could not be made');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
