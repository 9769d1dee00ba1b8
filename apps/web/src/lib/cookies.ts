import { type SessionUser, sessionUserSchema } from '@madreseh/contract/auth/auth.contract';

/** Cookie names fixed by the specification (§3). */
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

/** The `user` cookie, or null when it is missing or not the JSON we wrote. */
export function readUser(): SessionUser | null {
  const raw = readCookie(USER_COOKIE);
  if (!raw) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
