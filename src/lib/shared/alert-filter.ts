/** The alert filters' names (`?asset=`, `?class=`, `?network=`) and the form of their ids: the feeds' rule, the page cache's too. */
export const ALERT_FILTER_KEYS = ['asset', 'class', 'network'] as const;

/** An id: lowercase letters, digits, '.' and '-' (compared after trimming and lowercasing). */
export const ALERT_FILTER_ID = /^[a-z0-9][a-z0-9.-]{0,79}$/;
