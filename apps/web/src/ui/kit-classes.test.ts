import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { M } from './kit-classes';

const stylesheet = fs.readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');

describe('the plain kit of the public pages', () => {
  it.each(Object.entries(M))('draws %s with classes that Mantine’s stylesheet styles', (_, classes) => {
    const hashed = classes.split(' ').filter((c) => c.startsWith('m_'));
    expect(hashed.length).toBeGreaterThan(0);
    for (const c of hashed) expect(stylesheet, c).toContain(`.${c}`);
  });
});
