import { describe, expect, it } from 'vitest';

describe('zod without compiled parsers', () => {
  it('is set before zod loads, and zod reads it', async () => {
    await import('./zod-jitless');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // A schema built afterwards parses as it should.
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
