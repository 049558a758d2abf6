/** Told of every statement before it runs (the API's access audit counts which calls reach the database). */
let observer: ((sql: string) => void) | null = null;

/** Sets the one observer of statements, or none. */
export function observeQueries(fn: ((sql: string) => void) | null): void {
  observer = fn;
}

/** The ORM's query hook: tells the observer, and runs the statement unchanged. */
export function noteQuery(sql: string): string {
  observer?.(sql);
  return sql;
}
