export * from './auth';
export * from './constants';
export * from './enums';
export * from './labels';
export * from './messages';
export * from './paragraph';
export * from './slug';
export * from './validation';
