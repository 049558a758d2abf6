/**
 * A concrete path for a route pattern, for the coverage checks that ask what each route-table entry answers:
 * story ids get a well-formed id, `{username}` a username, every other placeholder a slug, optional parts dropped.
 */
export function samplePathFor(pattern: string): string {
  return pattern
    .replace(/\{postId\}|\{inResponseToPostId\}/g, '0123456789ab')
    .replace(/\{[^}]+\}/g, (param) => (param === '{username}' ? 'sample' : 'sample-value'))
    .replace(/\[[^\]]*\]/g, '');
}
