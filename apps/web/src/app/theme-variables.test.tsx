import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineRoot } from './mantine';

afterEach(cleanup);

/** The rules without comments and white space (the file is formatted; the provider writes one line). */
function rulesOf(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '');
}

describe('theme-variables.css', () => {
  it('holds exactly the variables MantineProvider writes for the theme', () => {
    render(
      <MantineRoot>
        <div />
      </MantineRoot>,
    );
    const written = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
    const file = fs.readFileSync(path.join(import.meta.dirname, 'theme-variables.css'), 'utf8');
    expect(rulesOf(file), `app/theme-variables.css must hold these rules:\n${written}`).toBe(rulesOf(written));
  });
});
