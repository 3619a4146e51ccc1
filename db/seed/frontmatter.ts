import { parse } from 'yaml';

/** Splits a Markdown file into its YAML frontmatter and body. */
export function parseFrontmatter(source: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { data: {}, body: source };
  return { data: (parse(match[1]) ?? {}) as Record<string, unknown>, body: match[2].trim() };
}
