import { createRoot } from 'react-dom/client';
import { App } from './App';
import 'prosemirror-view/style/prosemirror.css';
import './editor.css';

createRoot(document.getElementById('root')!).render(<App />);
