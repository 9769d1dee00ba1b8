import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature has one name on every side (docs/architecture.md, "Where a feature lives"): the contract's
// folder, the API's module and the web app's feature folder. What exists on one side only is listed
// here with its reason, so a new folder under another name fails this test.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

const API_ONLY: Record<string, string> = {
  doctor: 'the `npm run doctor` checks, a command with no endpoint',
};
const WEB_ONLY: Record<string, string> = {
  home: 'the public home, about and notice pages, reading the school, news, gallery and achievements endpoints',
  'student-home': "the student area's home, reading the students and news endpoints",
  'student-profile': "the student's own profile, reading the students endpoints",
};
const NO_WEB: Record<string, string> = {
  system: 'health and version endpoints for operators, no screen',
};

describe('feature names', () => {
  const contract = folders('packages/contract/src');
  const api = folders('apps/api/src/modules');
  const web = folders('apps/web/src/features');

  it('every contract folder has the API module of the same name, and back', () => {
    expect(api.filter((n) => !(n in API_ONLY))).toEqual(contract);
  });

  it('every web feature is named after its contract folder, or says why it has none', () => {
    expect(web.filter((n) => !contract.includes(n) && !(n in WEB_ONLY))).toEqual([]);
    expect(contract.filter((n) => !web.includes(n) && !(n in NO_WEB))).toEqual([]);
  });

  it('the exceptions still exist', () => {
    for (const n of Object.keys(API_ONLY)) expect(api).toContain(n);
    for (const n of Object.keys(WEB_ONLY)) expect(web).toContain(n);
    for (const n of Object.keys(NO_WEB)) expect(contract).toContain(n);
  });
});
