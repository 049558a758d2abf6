import { createRoot } from 'react-dom/client';
import { EditorShell } from './EditorShell';
import './editor.css';

createRoot(document.getElementById('root')!).render(<EditorShell />);
