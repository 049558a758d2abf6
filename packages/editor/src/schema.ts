/**
 * The editor's ProseMirror schema, assembled from plain spec objects (`node-specs`, `mark-specs`); the toDOM/parseDOM
 * functions only touch the DOM when ProseMirror calls them, so the module imports fine in Node.
 */

import { Schema } from 'prosemirror-model';
import { markSpecs } from './mark-specs';
import { nodeSpecs, type SchemaOptions } from './node-specs';

export type { SchemaOptions } from './node-specs';

/** Builds the editor schema; `allowIframe` follows spec §5 (see `SchemaOptions`). */
export function createSchema(options: SchemaOptions = {}): Schema {
  return new Schema({ nodes: nodeSpecs(options), marks: markSpecs });
}

/** The editor schema with live iframes off (spec §5 default). */
export const schema: Schema = createSchema();
