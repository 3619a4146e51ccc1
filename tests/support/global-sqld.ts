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
  const [node, library] = await Promise.all([startInstance('node', sqld, remote), startInstance('library', sqld, remote)]);
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
