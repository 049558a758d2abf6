export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from './browser';
export { type ServerProcess, startServer } from './server-process';
