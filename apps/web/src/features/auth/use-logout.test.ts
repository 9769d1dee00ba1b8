import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropPrivateCaches } from './use-logout';

/** A CacheStorage with the caches a service worker would have left on the device. */
function fakeCaches(contents: Record<string, string[]>) {
  const stores = new Map(Object.entries(contents).map(([name, urls]) => [name, new Set(urls)]));
  const storage = {
    async delete(name: string) {
      return stores.delete(name);
    },
    async open(name: string) {
      const urls = stores.get(name) ?? new Set<string>();
      stores.set(name, urls);
      return {
        async keys() {
          return [...urls].map((url) => new Request(url));
        },
        async delete(request: Request) {
          return urls.delete(request.url);
        },
      };
    },
  };
  vi.stubGlobal('caches', storage);
  return stores;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dropPrivateCaches (logout)', () => {
  it("removes the student's offline answers and every student photo, and keeps public images", async () => {
    const stores = fakeCaches({
      'student-offline': ['http://localhost/api/v1/student/me'],
      uploads: [
        'http://localhost/uploads/students/2026/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp',
        'http://localhost/uploads/students/2026/aaaaaaaaaaaaaaaaaaaaaaaa-1600.webp',
        'http://localhost/uploads/gallery/2026/bbbbbbbbbbbbbbbbbbbbbbbb-400.webp',
      ],
    });
    await dropPrivateCaches();
    expect(stores.has('student-offline')).toBe(false);
    expect([...(stores.get('uploads') ?? [])]).toEqual([
      'http://localhost/uploads/gallery/2026/bbbbbbbbbbbbbbbbbbbbbbbb-400.webp',
    ]);
  });
});
