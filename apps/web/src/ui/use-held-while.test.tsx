import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldWhile } from './use-held-while';

describe('useHeldWhile', () => {
  it('follows the value while not held', () => {
    const { result, rerender } = renderHook(({ v, hold }) => useHeldWhile(v, hold), {
      initialProps: { v: ['a'], hold: false },
    });
    expect(result.current).toEqual(['a']);
    rerender({ v: ['b', 'a'], hold: false });
    expect(result.current).toEqual(['b', 'a']);
  });

  it('keeps the value it had when held, and takes the newest once released', () => {
    const first = ['a', 'b'];
    const { result, rerender } = renderHook(({ v, hold }) => useHeldWhile(v, hold), {
      initialProps: { v: first, hold: false },
    });
    rerender({ v: first, hold: true });
    rerender({ v: ['new', 'a', 'b'], hold: true });
    expect(result.current).toBe(first);
    rerender({ v: ['newer', 'new', 'a', 'b'], hold: true });
    expect(result.current).toBe(first);
    rerender({ v: ['newer', 'new', 'a', 'b'], hold: false });
    expect(result.current).toEqual(['newer', 'new', 'a', 'b']);
  });
});
