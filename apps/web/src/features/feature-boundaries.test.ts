import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature folder owns its endpoints, queries, components and pages; what two features need lives in
// ui/, lib/ or the contract. This walks every source file of every feature and lists imports that reach
// into another feature's folder (docs/architecture.md, "Where a feature lives").
const FEATURES = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

function crossFeatureImports(root: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const own = path.relative(root, file).split(path.sep)[0];
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = path.relative(root, path.resolve(path.dirname(file), m[1] as string));
      if (target.startsWith('..')) continue;
      const feature = target.split(path.sep)[0];
      if (feature !== own) found.push(`${path.relative(root, file)} → ${m[1]}`);
    }
  }
  return found;
}

describe('feature folders', () => {
  it('do not import each other', () => {
    expect(crossFeatureImports(FEATURES)).toEqual([]);
  });

  it('the check sees a cross-feature import when there is one', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'features-'));
    try {
      fs.mkdirSync(path.join(root, 'auth'));
      fs.mkdirSync(path.join(root, 'news', 'pages'), { recursive: true });
      fs.writeFileSync(path.join(root, 'auth', 'api.ts'), 'export const x = 1;\n');
      fs.writeFileSync(path.join(root, 'news', 'api.ts'), "import { x } from '../../lib/format';\n");
      fs.writeFileSync(path.join(root, 'news', 'pages', 'p.tsx'), "import { x } from '../../auth/api';\n");
      expect(crossFeatureImports(root)).toEqual([`news${path.sep}pages${path.sep}p.tsx → ../../auth/api`]);
    } finally {
      fs.rmSync(root, { recursive: true });
    }
  });
});
