import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { ROLES } from '@madreseh/contract/roles';

/** Cookie names the portal is fixed on (docs/decisions/0001-session-in-readable-cookies.md). */
export const TOKEN_COOKIE = 'token';
export const USER_COOKIE = 'user';
const MAX_AGE_S = 30 * 24 * 3600;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the session in these two cookies.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax${secure}`;
}

export function saveSession(token: string, user: SessionUser): void {
  writeCookie(TOKEN_COOKIE, token, MAX_AGE_S);
  writeCookie(USER_COOKIE, JSON.stringify({ id: user.id, role: user.role, fullName: user.fullName }), MAX_AGE_S);
}

export function clearSession(): void {
  writeCookie(TOKEN_COOKIE, '', 0);
  writeCookie(USER_COOKIE, '', 0);
}

export function readToken(): string | null {
  return readCookie(TOKEN_COOKIE) || null;
}

/**
 * The `user` cookie, or null when it is missing or not the JSON we wrote: the fields of the
 * contract's `SessionUser`, checked by hand so that every page (the public ones too) reads it
 * without zod (docs/decisions/0014).
 */
export function readUser(): SessionUser | null {
  const raw = readCookie(USER_COOKIE);
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { id, role, fullName, demoPassword } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
  if (typeof fullName !== 'string') return null;
  if (demoPassword !== undefined && typeof demoPassword !== 'boolean') return null;
  return { id, role: role as SessionUser['role'], fullName, ...(demoPassword === undefined ? {} : { demoPassword }) };
}
