export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from './browser';
