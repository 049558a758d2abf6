import { observeQueries } from '@quire/db';

/** What `load` answers, and how many statements it sent to the database (the observer is always stopped). */
export async function withStatements<T>(load: () => Promise<T>): Promise<{ value: T; statements: number }> {
  let statements = 0;
  observeQueries(() => {
    statements += 1;
  });
  try {
    return { value: await load(), statements };
  } finally {
    observeQueries(null);
  }
}
