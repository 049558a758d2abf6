export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from './browser';
export { postmasterPid, type ServerProcess, startServer, stopPostgres } from './server-process';
