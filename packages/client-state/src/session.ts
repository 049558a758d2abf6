import { create } from 'zustand';

/** Spec §3 client state "session". */
export interface SessionStore {
  /** The anti-forgery token read from the `xsrf` cookie; sent as x-xsrf-token on every mutation. */
  xsrf: string | null;
  /** Whether a user is signed in (drives Sign up / Sign In versus the avatar menu). */
  isLoggedIn: boolean;
  /** A staff member acting as another user. */
  isSpoofed: boolean;
  setSession(session: Partial<Pick<SessionStore, 'xsrf' | 'isLoggedIn' | 'isSpoofed'>>): void;
}

export const useSessionStore = create<SessionStore>()((set) => ({
  xsrf: null,
  isLoggedIn: false,
  isSpoofed: false,
  setSession: (session) => set(session),
}));

/** Reads a cookie by name from a `document.cookie` string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}
