/** Editor texts (not from the spec: they come from the editor issue). */

/** Placeholder of an empty story title. */
export const TITLE_PLACEHOLDER = 'Title';

/** Placeholder of an empty first body paragraph. */
export const BODY_PLACEHOLDER = 'Tell your story…';
