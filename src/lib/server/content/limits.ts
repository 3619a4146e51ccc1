/** Post and article bodies may be long; 1 MB is far above any real article and still bounded (413 past it). */
export const CONTENT_BODY_LIMIT = 1024 * 1024;
