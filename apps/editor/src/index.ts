export { EditorShell } from './EditorShell';
