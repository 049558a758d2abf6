// Writes src/tokens.css from the design tokens in src/tokens.ts (a unit test keeps the two equal).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cssVariables } from '../src/tokens';

writeFileSync(fileURLToPath(new URL('../src/tokens.css', import.meta.url)), cssVariables({ pretty: true }));
