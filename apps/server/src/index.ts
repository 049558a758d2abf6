export { BODY_LIMIT_BYTES, buildApp } from './app';
export { loadConfig, type ServerConfig } from './config';
export { SESSION_COOKIE, VISITOR_COOKIE, XSRF_COOKIE, XSRF_HEADER } from './context';
export { GRAPHQL_PATH, MAX_BATCH, OPERATION_HEADER } from './graphql';
