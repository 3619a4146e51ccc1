import { describe, expect, it } from 'vitest';
import { schemaTooNew } from '#db/migrate.ts';

describe('schemaTooNew', () => {
  const known = [
    { hash: 'a', folderMillis: 100 },
    { hash: 'b', folderMillis: 200 },
  ];
  it('is null for the same or an older set of migrations', () => {
    expect(schemaTooNew(known, [])).toBeNull();
    expect(schemaTooNew(known, [{ hash: 'a', createdAt: 100 }])).toBeNull();
    expect(
      schemaTooNew(known, [
        { hash: 'a', createdAt: 100 },
        { hash: 'b', createdAt: 200 },
      ]),
    ).toBeNull();
  });
  it('names a migration newer than the last one known, in one line', () => {
    const reason = schemaTooNew(known, [
      { hash: 'a', createdAt: 100 },
      { hash: 'b', createdAt: 200 },
      { hash: 'c', createdAt: 300 },
    ]);
    expect(reason).toMatch(
      /^The database schema is newer than this code \(1 migration\(s\) up to 1970-01-01T00:00:00\.300Z unknown here\)/,
    );
    expect(reason).not.toContain('\n');
  });
});
