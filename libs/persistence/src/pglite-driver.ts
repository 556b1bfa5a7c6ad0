import type { PGliteInterface } from '@electric-sql/pglite';
import { AbstractSqlDriver, type Configuration, PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { PGliteConnection, PGliteKnexDialect } from 'mikro-orm-pglite';

type QueryObject = Parameters<PGliteKnexDialect['_query']>[1];

const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/**
 * How many statements a SQL text holds: semicolons inside string literals ('…', E'…' with backslash escapes),
 * quoted identifiers, dollar-quoted bodies and comments do not separate statements, and empty statements do not
 * count. MikroORM writes values into the text as literals (`em.execute`, every insert and update), so a customer
 * named "a;b" must not turn a statement into two.
 */
export function statementCount(sql: string): number {
  let count = 0;
  let content = false;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    if (c === ';') {
      if (content) count++;
      content = false;
      i++;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i + 2);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (c === "'") {
      const before = sql[i - 1];
      const escapes = (before === 'E' || before === 'e') && !IDENTIFIER_CHAR.test(sql[i - 2] ?? ' ');
      i++;
      while (i < n) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      content = true;
    } else if (c === '"') {
      i++;
      while (i < n) {
        if (sql[i] === '"' && sql[i + 1] === '"') i += 2;
        else if (sql[i] === '"') break;
        else i++;
      }
      i++;
      content = true;
    } else if (c === '$' && !IDENTIFIER_CHAR.test(sql[i - 1] ?? ' ') && DOLLAR_TAG.test(sql.slice(i, i + 64))) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))![0];
      const end = sql.indexOf(tag, i + tag.length);
      i = end === -1 ? n : end + tag.length;
      content = true;
    } else {
      if (!/\s/.test(c)) content = true;
      i++;
    }
  }
  return content ? count + 1 : count;
}

/**
 * The PGlite dialect of mikro-orm-pglite sends every raw statement whose text merely contains ";" to PGlite's
 * multi-statement `exec` (no bindings, a list of results): a name like "Schraube M8; verzinkt" then broke the
 * insert. Here only a text that really holds several statements and has no bound values goes to `exec`
 * (migrations, schema set-up); everything else is one `query` with its bindings.
 */
export class OneStatementPGliteDialect extends PGliteKnexDialect {
  override async _query(connection: PGliteInterface, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    const bindings = (obj.bindings ?? []) as unknown[];
    if (obj.method === 'raw' && bindings.length === 0 && statementCount(obj.sql) > 1) {
      obj.response = await connection.exec(obj.sql);
    } else {
      obj.response = await connection.query(obj.sql, bindings);
    }
    return obj;
  }
}

class OneStatementPGliteConnection extends PGliteConnection {
  override createKnex(): void {
    // As PGliteConnection.createKnex, with the dialect above (the data source is the connection's own).
    const dataSource = (this as unknown as { dialectDataSource: unknown }).dialectDataSource;
    this.client = this.createKnexClient(OneStatementPGliteDialect as never);
    const dialect = this.getKnex().client as unknown as { ormConfig: unknown; driver: unknown };
    dialect.ormConfig = this.config;
    dialect.driver = dataSource;
    this.connected = true;
  }
}

/** MikroORM driver for the embedded PGlite: mikro-orm-pglite's, with {@link OneStatementPGliteDialect}. */
export class EmbeddedPgliteDriver extends AbstractSqlDriver<OneStatementPGliteConnection> {
  constructor(config: Configuration) {
    super(config, new PostgreSqlPlatform(), OneStatementPGliteConnection, ['knex', '@electric-sql/pglite', '@harryplusplus/knex-pglite']);
  }
}
