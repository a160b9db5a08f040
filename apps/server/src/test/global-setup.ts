// Vitest's global setup: the run migrates one template database, and every test database is a
// copy of it (db/test-database.ts). The workers start after this and inherit the variables.
import { prepareTestTemplate } from '../db/test-database.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const template = await prepareTestTemplate();
  Object.assign(process.env, template.env);
  return () => template.cleanup();
}
