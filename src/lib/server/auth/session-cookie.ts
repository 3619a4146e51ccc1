/** The session cookie's name (its own module so that edge code can name it without the database). */
export const SESSION_COOKIE = 'rwa_session';
