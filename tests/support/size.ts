/**
 * How big the costly suites run. `npm test` runs them at a size that still fails on the bugs they
 * were written for: seconds of load, a few crash rounds, about 100 cases per fuzz property, a
 * provider day of a few hundred blocks against a narrow range limit. `npm run test:reliability`
 * sets TEST_SIZE=full and runs them at the sizes they were written at (a minute of load, 20 kill -9
 * rounds, 150-600 fuzz cases, 25,000 blocks against a 10,000-block limit).
 */
const FULL_SIZE = process.env.TEST_SIZE === 'full';

/** `fast` in the `npm test` lane, `full` under TEST_SIZE=full. */
export const sized = <T>(fast: T, full: T): T => (FULL_SIZE ? full : fast);
