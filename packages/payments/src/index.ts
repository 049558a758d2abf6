export * from './card-brand';
export * from './config';
export * from './dev';
export * from './provider';
export * from './stripe';
