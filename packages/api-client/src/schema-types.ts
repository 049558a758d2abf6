/*
 * TypeScript types read straight off the OpenAPI document's JSON Schemas (the subset the document uses: objects
 * with required fields, strings with enums, integers, booleans, arrays, nullable types and $ref to components),
 * so the client's types cannot drift from the document.
 */

type Schemas = Record<string, unknown>;

type Prettify<T> = { [K in keyof T]: T[K] } & {};

type RefName<R> = R extends `#/components/schemas/${infer N}` ? N : never;

type Primitive<T, S, C extends Schemas> = T extends 'string'
  ? S extends { enum: readonly (infer E)[] }
    ? E
    : string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { items: infer I }
            ? FromSchema<I, C>[]
            : unknown[]
          : T extends 'object'
            ? ObjectOf<S, C>
            : unknown;

type ObjectOf<S, C extends Schemas> = S extends { properties: infer P }
  ? Prettify<
      {
        -readonly [K in keyof P as K extends RequiredOf<S> ? K : never]: FromSchema<P[K], C>;
      } & {
        -readonly [K in keyof P as K extends RequiredOf<S> ? never : K]?: FromSchema<P[K], C>;
      }
    >
  : Record<string, unknown>;

type RequiredOf<S> = S extends { required: readonly (infer R)[] } ? R : never;

/** The TypeScript type of a JSON Schema `S`, with `$ref`s resolved in the components `C`. */
export type FromSchema<S, C extends Schemas> = S extends { $ref: infer R }
  ? RefName<R> extends keyof C
    ? FromSchema<C[RefName<R>], C>
    : unknown
  : S extends { type: readonly (infer T)[] }
    ? T extends unknown
      ? Primitive<T, S, C>
      : never
    : S extends { type: infer T }
      ? Primitive<T, S, C>
      : unknown;
