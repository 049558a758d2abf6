export type { ClientConfig, PreloadedState } from './state';
