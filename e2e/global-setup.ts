import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    control: { url: string; token: string };
  }
}

/** One server for the browser tests: the built app on a fresh embedded database with demo data. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('control', server.control);
  return () => server.stop();
}
