// The UI runtime alone (Preact, as the reader's build aliases React DOM) hydrating one element (bench only).
import { hydrateRoot } from 'react-dom/client';

hydrateRoot(document.getElementById('root')!, <p>floor</p>);
