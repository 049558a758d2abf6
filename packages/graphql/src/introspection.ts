import { type ASTVisitor, GraphQLError, type ValidationContext } from 'graphql';

/** The fields that read the schema itself; `__typename` is not one (the spec's result unions need it). */
const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/**
 * A validation rule that refuses schema introspection, for production. It compares field names only, so it
 * works whichever copy of graphql (ESM or CommonJS) built the schema.
 */
export function noIntrospection(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const name = node.name.value;
      if (INTROSPECTION_FIELDS.has(name)) {
        context.reportError(
          new GraphQLError(`GraphQL introspection is turned off here; the query asks for "${name}".`, {
            nodes: node,
          }),
        );
      }
    },
  };
}
