export { type ClientStore, useClientStore } from './client';
export { readCookie, type SessionStore, useSessionStore } from './session';
export {
  initialSusiState,
  type SusiEmailCheck,
  type SusiNext,
  type SusiOpenOptions,
  type SusiState,
  type SusiStore,
  useSusiStore,
} from './susi';
export { type Toast, type ToastDuration, type ToastStore, useToastStore } from './toast';
