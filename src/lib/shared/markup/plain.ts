import type { RenderedMarkup } from './index.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The degraded rendering of a text the pipeline could not finish in time (or at all): its paragraphs
 * as escaped text, no markup, no table of contents. Linear in the text and unable to fail, so a
 * hostile post still answers 200 with its words instead of a 500 or a stalled page.
 */
export function renderPlain(source: string): RenderedMarkup {
  const paragraphs = source
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return { html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'), toc: [] };
}
