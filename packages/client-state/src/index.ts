export { type ClientStore, useClientStore } from './client';
export { readCookie, type SessionStore, useSessionStore } from './session';
