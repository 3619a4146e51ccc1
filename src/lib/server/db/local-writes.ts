/**
 * A number that moves when this process commits a write to its database (writes.ts reports them):
 * what the page cache compares to know whether the change counter it kept in memory may be outdated
 * by this process's own edit. Own module, so the database and the cache need not import each other.
 */
let generation = 0;

export const noteLocalWrite = () => {
  generation++;
};

export const localWriteGeneration = () => generation;
