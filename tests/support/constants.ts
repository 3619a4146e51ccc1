/** The admin every test server is created with. */
export const TEST_ADMIN = { username: 'admin', password: 'test-password-123' } as const;
