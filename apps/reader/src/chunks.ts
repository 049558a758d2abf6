/** The build's chunk of the UI runtime (Preact), which the boot script evaluates before the entry, in a task of its own. */
export const STAGED_CHUNK = 'runtime';
