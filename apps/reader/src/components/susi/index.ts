export { GoogleOneTap } from './GoogleOneTap';
export { loadAuthUi } from './lazy';
export { SusiModal, type SusiPageOpen } from './SusiModal';
export { socialHref } from './social';
