/** Helpers for what search engines and feed readers read: JSON-LD, XML escaping, absolute URLs. */
import { SITE_LOGO, organizationId, personJsonLd } from './structured-data.ts';

/**
 * JSON for a <script type="application/ld+json"> element. '<', '>' and '&' are written as
 * \u escapes (still valid JSON), so a title containing '</script>' cannot end the element.
 */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: they are the point.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** An absolute URL for a path or URL; undefined for empty or unparseable input. */
export function absoluteUrl(value: string | null | undefined, origin: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface ArticleLdInput {
  /** 'BlogPosting' for a blog post; 'Article' for research (market analysis, not the peer-reviewed
   * papers ScholarlyArticle is for, and the type Google's article features read). */
  type: 'BlogPosting' | 'Article';
  headline: string;
  description: string;
  url: string;
  datePublished: Date;
  dateModified: Date;
  author: { name: string; url: string };
  /** Absolute; every item has one (its own, else its generated card). */
  image: string;
  keywords?: readonly string[];
  section?: string;
  publisher: { id: string; name: string; url: string; logo: { url: string; width: number; height: number } };
}

/** A schema.org BlogPosting or Article for a post or research article. */
export function articleJsonLd(input: ArticleLdInput) {
  return {
    '@context': 'https://schema.org',
    '@type': input.type,
    headline: input.headline.slice(0, 110),
    description: input.description,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    url: input.url,
    datePublished: input.datePublished.toISOString(),
    dateModified: input.dateModified.toISOString(),
    author: { '@type': 'Person', name: input.author.name, url: input.author.url },
    image: [input.image],
    ...(input.keywords?.length ? { keywords: input.keywords.join(', ') } : {}),
    ...(input.section ? { articleSection: input.section } : {}),
    publisher: {
      '@type': 'Organization',
      '@id': input.publisher.id,
      name: input.publisher.name,
      url: input.publisher.url,
      logo: { '@type': 'ImageObject', ...input.publisher.logo },
    },
  };
}

/** What the placeholder draws when asked for anything but a public item's title. */
export const PLACEHOLDER_DEFAULT_LABEL = 'RWA Analytics';

/**
 * The label the placeholder draws for a title: spaces collapsed, at most 120 characters (whole
 * code points, so an emoji at the cut never leaves half a surrogate pair that encodeURIComponent
 * would throw on). The page and /api/placeholder both use it, so a title's label is compared alike.
 */
export function placeholderLabel(title: string): string {
  return Array.from(title.replace(/\s+/g, ' ').trim()).slice(0, 120).join('');
}

/** The placeholder image for an item without a (working) image: a generated card carrying its title. */
export function placeholderImage(title: string): string {
  return `/api/placeholder?text=${encodeURIComponent(placeholderLabel(title))}`;
}

export interface ReadingItem {
  title: string;
  excerpt: string;
  metaDescription: string | null;
  canonicalUrl: string | null;
  socialImage: string | null;
  featuredImage: string | null;
  seoKeywords: readonly string[];
  tags: readonly string[];
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}

export interface ReadingMeta {
  /** metaDescription, else the excerpt, else the site's description. */
  description: string;
  /** The item's canonicalUrl when it is a valid http(s) URL, else null (the page's own URL). */
  canonical: string | null;
  /** Absolute socialImage, else the featured image (og:image); undefined: use the generated card. */
  image: string | undefined;
  /** The date shown and published: publishedAt, else createdAt. */
  date: Date;
  /** The escaped JSON of a schema.org BlogPosting or Article for the head. */
  jsonLd: string;
}

export interface ReadingAbout {
  kind: 'blog' | 'research';
  /** The author as a name (see authorName in structured-data.ts). */
  author: string;
  section?: string;
  /** Path of the item's generated card, the image when it has none of its own. */
  card: string;
}

/** Everything the head of a post or article needs, computed once for both kinds of page. */
export function readingMeta(
  item: ReadingItem,
  page: { origin: string; url: string; siteName: string; siteDescription: string },
  about: ReadingAbout,
): ReadingMeta {
  const { origin } = page;
  const description = item.metaDescription || item.excerpt || page.siteDescription;
  const canonical = absoluteUrl(item.canonicalUrl, origin) ?? null;
  const image = absoluteUrl(item.socialImage, origin) ?? absoluteUrl(item.featuredImage, origin);
  const date = item.publishedAt ?? item.createdAt;
  const jsonLd = jsonLdString(
    articleJsonLd({
      type: about.kind === 'blog' ? 'BlogPosting' : 'Article',
      headline: item.title,
      description,
      url: canonical ?? page.url,
      datePublished: date,
      dateModified: item.updatedAt,
      author: personJsonLd(origin, about.author),
      image: image ?? origin + about.card,
      keywords: item.seoKeywords.length ? item.seoKeywords : item.tags,
      section: about.section,
      publisher: {
        id: organizationId(origin),
        name: page.siteName,
        url: `${origin}/`,
        logo: { url: origin + SITE_LOGO.path, width: SITE_LOGO.width, height: SITE_LOGO.height },
      },
    }),
  );
  return { description, canonical, image, date, jsonLd };
}

/** `{origin}{path}` as the site links it: no trailing slash (except the home page), no query. */
export function pageUrl(origin: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return origin + (path || '/');
}
