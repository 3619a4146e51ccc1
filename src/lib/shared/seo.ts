/** Helpers for what search engines and feed readers read: JSON-LD, XML escaping, absolute URLs. */

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
  headline: string;
  description: string;
  url: string;
  datePublished: Date;
  dateModified: Date;
  author: string;
  /** 'Person' for a named author, 'Organization' for a team or an author id. */
  authorType?: 'Person' | 'Organization';
  image?: string;
  keywords?: readonly string[];
  section?: string;
  publisherName: string;
  publisherLogo: string;
}

/** A schema.org Article for a post or research article. */
export function articleJsonLd(input: ArticleLdInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.headline.slice(0, 110),
    description: input.description,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    url: input.url,
    datePublished: input.datePublished.toISOString(),
    dateModified: input.dateModified.toISOString(),
    author: { '@type': input.authorType ?? 'Person', name: input.author },
    ...(input.image ? { image: [input.image] } : {}),
    ...(input.keywords?.length ? { keywords: input.keywords.join(', ') } : {}),
    ...(input.section ? { articleSection: input.section } : {}),
    publisher: { '@type': 'Organization', name: input.publisherName, logo: { '@type': 'ImageObject', url: input.publisherLogo } },
  };
}

/** The placeholder image for an item without a (working) image: a generated card carrying its title. */
export function placeholderImage(title: string): string {
  return `/api/placeholder?text=${encodeURIComponent(title.slice(0, 120))}`;
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
  /** Absolute socialImage, else the featured image, for og:image and twitter:image. */
  image: string | undefined;
  /** The date shown and published: publishedAt, else createdAt. */
  date: Date;
  /** The escaped JSON of a schema.org Article for the head. */
  jsonLd: string;
}

/** Everything the head of a post or article needs, computed once for both kinds of page. */
export function readingMeta(
  item: ReadingItem,
  page: { origin: string; url: string; siteName: string; siteDescription: string },
  author: { name: string; type: 'Person' | 'Organization'; section?: string },
): ReadingMeta {
  const description = item.metaDescription || item.excerpt || page.siteDescription;
  const canonical = absoluteUrl(item.canonicalUrl, page.origin) ?? null;
  const image = absoluteUrl(item.socialImage, page.origin) ?? absoluteUrl(item.featuredImage, page.origin);
  const date = item.publishedAt ?? item.createdAt;
  const jsonLd = jsonLdString(
    articleJsonLd({
      headline: item.title,
      description,
      url: canonical ?? page.url,
      datePublished: date,
      dateModified: item.updatedAt,
      author: author.name,
      authorType: author.type,
      image,
      keywords: item.seoKeywords.length ? item.seoKeywords : item.tags,
      section: author.section,
      publisherName: page.siteName,
      publisherLogo: `${page.origin}/favicon.svg`,
    }),
  );
  return { description, canonical, image, date, jsonLd };
}

/** `{origin}{path}` as the site links it: no trailing slash (except the home page), no query. */
export function pageUrl(origin: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return origin + (path || '/');
}
