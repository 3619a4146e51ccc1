/**
 * Steps for the data notes (Markdown in content/data, rendered to HTML) shown on /sources and
 * /sources/public-figures.
 *
 * Wide tables in HTML written elsewhere (the data notes in content/data, rendered from Markdown):
 * each goes in a scroll container that takes keyboard focus, so a keyboard user can scroll it on a
 * phone (WCAG 2.1.1; axe's scrollable-region-focusable). Labels are numbered when there are several.
 */
export function wrapTables(html: string, label: string): string {
  const count = html.match(/<table\b/g)?.length ?? 0;
  let n = 0;
  return html.replace(/<table\b[\s\S]*?<\/table>/g, (table) => {
    n += 1;
    const name = count > 1 ? `${label} ${n} of ${count}` : label;
    return `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeAttr(name)}">${table}</div>`;
  });
}

/** Replaces link targets that do not exist on the site (a note's relative link to a file beside it). */
export function mapLinks(html: string, map: Readonly<Record<string, string>>): string {
  return html.replace(/href="([^"]*)"/g, (whole, href: string) => (Object.hasOwn(map, href) ? `href="${escapeAttr(map[href])}"` : whole));
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Renumbers headings so that levels follow each other from `first` without gaps (h1, h3 becomes
 * h1, h2): a skipped level breaks the outline screen readers navigate by.
 */
export function closeHeadingGaps(html: string, first = 1): string {
  const used = [...new Set([...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1])))].sort();
  const level = new Map(used.map((l, i) => [l, Math.min(6, first + i)]));
  return html.replace(/<(\/?)h([1-6])\b/g, (_, slash: string, l: string) => `<${slash}h${level.get(Number(l))}`);
}

/**
 * Drops the notes' sections written for the repository (how to regenerate the files), so a public
 * page shows no script or file path (a visitor reads plain words). A section runs to the next h2 or the end.
 */
export function dropSections(html: string, ids: readonly string[]): string {
  return ids.reduce((out, id) => out.replace(new RegExp(`<h2 id="${id}"[\\s\\S]*?(?=<h2\\b|$)`), ''), html);
}
