export * from './fake-stripe';
