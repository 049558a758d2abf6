import { createRoot } from 'react-dom/client';
import { App } from './App';
import 'prosemirror-view/style/prosemirror.css';
import '@quire/ui/tokens.css';
import '@quire/ui/ui.css';
import './editor.css';

createRoot(document.getElementById('root')!).render(<App />);
