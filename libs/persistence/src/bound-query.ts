import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * Runs one statement with bind parameters (`?` placeholders, sent as `$1..$n` apart from the text) and answers
 * its rows. Unlike `em.execute`, which writes the values into the text as literals, the text stays the same
 * for every call of a statement, so PostgreSQL parses it once per connection when it is `name`d (a prepared
 * statement; PGlite ignores the name) and no value is ever quoted into SQL. Runs in the entity manager's
 * transaction when it has one. Rows come as the driver answers them (no mapping to entity properties).
 */
export async function queryBound<T extends object>(em: EntityManager, sql: string, params: unknown[], name?: string): Promise<T[]> {
  const query = em.getKnex().raw(sql, params as Knex.RawBinding[]);
  if (name) query.options({ name });
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction) query.transacting(transaction);
  const result = (await query) as { rows: T[] };
  return result.rows;
}

/**
 * Names for statements by their text, for `queryBound`: the same text gets the same name in this process, a new
 * text the next free one. Kept for at most `max` texts (then further ones run unnamed), since each named text is
 * also kept by PostgreSQL on every connection that ran it.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly prefix: string,
    private readonly max = 500,
  ) {}

  of(sql: string): string | undefined {
    const kept = this.names.get(sql);
    if (kept !== undefined || this.names.size >= this.max) return kept;
    const name = `${this.prefix}_${this.names.size + 1}`;
    this.names.set(sql, name);
    return name;
  }
}
