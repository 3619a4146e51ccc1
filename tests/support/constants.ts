/** The admin every test server is created with. */
export const TEST_ADMIN = { username: 'admin', password: 'test-password-123' } as const;

/**
 * The folder of dist/client/ where the API tests put static files of their own for a while (the
 * shared server serves dist/client/): a test that watches dist/ for a build's writes leaves it out.
 */
export const PROBE_FOLDER_PREFIX = 'compression-probe-';
