export { App } from './App';
export { EditorFrame } from './EditorShell';
