/**
 * The site's own featured images (public/images/**.jpg, 1200 px wide) each ship an 800 px variant
 * beside them (`name-800.jpg`): a phone's 412 px screen at its pixel ratio needs about 720 px, and
 * the full image is the largest paint of /research on a phone. A unit test holds every such image
 * to having its variant. Uploaded images (/api/uploads/...) have none and get no srcset.
 */
const OWN_IMAGE = /^\/images\/[a-z0-9/_-]+\.jpg$/;

const SMALL_WIDTH = 800;

/** The srcset of an image of the site's own, or undefined for any other source. */
export function ownImageSrcset(src: string | null | undefined): string | undefined {
  if (!src || !OWN_IMAGE.test(src) || src.endsWith(`-${SMALL_WIDTH}.jpg`)) return undefined;
  return `${src.replace(/\.jpg$/, `-${SMALL_WIDTH}.jpg`)} ${SMALL_WIDTH}w, ${src} 1200w`;
}
