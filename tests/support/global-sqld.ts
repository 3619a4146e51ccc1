import type { TestProject } from 'vitest/node';
import { startContentRemote, startInstance, startSqld } from './sqld.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sqld lane: the library-mode instance beside the Node server at baseUrl. */
    peerUrl: string;
    databaseAuthToken: string;
    /** The bare repository both instances push to. */
    remoteBare: string;
  }
}

/**
 * The sqld lane's shared servers: one libSQL server (sqld, JWT auth) on an empty database, one
 * content remote, and two instances started at the same moment on them: the Node server (baseUrl,
 * what the API suites use) and a library-mode instance run as a Netlify function would (peerUrl).
 */
export default async function setup(project: TestProject) {
  const [sqld, remote] = await Promise.all([startSqld(), startContentRemote()]);
  const starts = await Promise.allSettled([startInstance('node', sqld, remote), startInstance('library', sqld, remote)]);
  const failed = starts.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    // No teardown runs for a setup that threw: stop what did start, or it outlives the run (and vitest waits on it).
    for (const s of starts) if (s.status === 'fulfilled') await s.value.stop();
    await remote.git.close();
    await sqld.stop();
    throw failed.reason;
  }
  const [node, library] = starts.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startInstance>>>).value);
  project.provide('baseUrl', node.baseUrl);
  project.provide('peerUrl', library.baseUrl);
  project.provide('databaseUrl', sqld.url);
  project.provide('databaseAuthToken', sqld.authToken);
  project.provide('remoteBare', remote.bare);
  return async () => {
    await Promise.all([node.stop(), library.stop()]);
    await remote.git.close();
    await sqld.stop();
  };
}
