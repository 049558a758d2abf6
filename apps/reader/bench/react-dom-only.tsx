// React DOM alone hydrating one element (bench only): the floor under any React page.
import { hydrateRoot } from 'react-dom/client';

hydrateRoot(document.getElementById('root')!, <p>floor</p>);
