/**
 * schema.org data every page carries (JSON-LD): a BreadcrumbList on every page, WebSite and
 * Organization on the home page, and the people behind posts and articles as Person with a name
 * and a page. Pure: the origin comes in, objects go out (Head.astro writes them with jsonLdString).
 */
import { ASSET_CLASS_LINKS, SITE } from './site.ts';
import { authorOf } from './authors.ts';

/** The square logo in public/ (drawn by src/lib/server/og/image.ts renderLogo; a test keeps them equal). */
export const SITE_LOGO = { path: '/logo.png', width: 512, height: 512 } as const;

export interface Crumb {
  name: string;
  path: string;
}

/** Names of the pages a trail passes through; a path segment with no page of its own is skipped. */
const SECTIONS: Record<string, string> = {
  '/networks': 'Networks',
  '/research': 'Research',
  '/blog': 'Blog',
  '/sources': 'Data sources',
  '/admin': 'Admin',
  ...Object.fromEntries(ASSET_CLASS_LINKS.map((l) => [l.href, l.label])),
};

/** Home, the sections above the page, then the page itself (named `title`). */
export function breadcrumbTrail(pathname: string, title: string): Crumb[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const home: Crumb = { name: 'Home', path: '/' };
  if (path === '/' || path === '') return [home];
  const crumbs = [home];
  const parts = path.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const prefix = '/' + parts.slice(0, i).join('/');
    if (Object.hasOwn(SECTIONS, prefix)) crumbs.push({ name: SECTIONS[prefix], path: prefix });
  }
  crumbs.push({ name: title, path });
  return crumbs;
}

export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: origin + c.path })),
  };
}

export const organizationId = (origin: string) => `${origin}/#organization`;

/** The publisher: name, home and a logo Google accepts (a raster image of at least 112 px). */
export function organizationJsonLd(origin: string) {
  return {
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: SITE.name,
    url: `${origin}/`,
    description: SITE.tagline,
    logo: { '@type': 'ImageObject', url: origin + SITE_LOGO.path, width: SITE_LOGO.width, height: SITE_LOGO.height },
  };
}

export function websiteJsonLd(origin: string) {
  return {
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    url: `${origin}/`,
    name: SITE.name,
    description: SITE.description,
    inLanguage: 'en',
    publisher: { '@id': organizationId(origin) },
  };
}

/** One JSON-LD document holding several nodes. */
export const graph = (nodes: readonly object[]) => ({ '@context': 'https://schema.org', '@graph': nodes });

/** The author's display name: a blog post stores an author id, a research article the name itself (authors.ts). */
export function authorName(kind: 'blog' | 'research', author: string): string {
  return authorOf(kind, author).name;
}

/** The URL segment of an author's page: lowercase letters and digits joined by '-'. */
export function authorSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'unknown';
}

export const authorPath = (name: string) => `/authors/${authorSlug(name)}`;

export function personJsonLd(origin: string, name: string) {
  return { '@type': 'Person', name, url: origin + authorPath(name) };
}
