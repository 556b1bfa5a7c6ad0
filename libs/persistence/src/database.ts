import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { PGliteConnectionConfig } from 'mikro-orm-pglite';
import { SharedPglite } from './shared-pglite';
import { EmbeddedPgliteDriver } from './pglite-driver';

/** Where the data lives: the in-process PostgreSQL of the embedded run, or a PostgreSQL server. */
export type DatabaseConfig =
  /** `loadFrom`: a dump of an in-memory database ({@link Database.dumpPglite}) to start from instead of an empty one */
  | { kind: 'pglite'; dataDir: string | null; loadFrom?: Blob }
  | { kind: 'postgres'; url: string; poolMax?: number };

export interface MigrationClass {
  name: string;
  class: new (...args: never[]) => unknown;
}

export interface ServiceDataOptions {
  /** Service name; also its PostgreSQL schema. */
  service: string;
  entities: Options['entities'];
  migrations: MigrationClass[];
  /**
   * Tables the service keeps by hand-written SQL outside its entities (the ingestion's month-partitioned readings and
   * their partitions, which the ORM cannot describe): left out of the migration check's comparison.
   */
  rawTables?: RegExp[];
  debug?: boolean;
}

/** Opens the database once per process and builds each service's ORM options on it. */
export class Database {
  private constructor(
    readonly config: DatabaseConfig,
    private readonly pglite: SharedPglite | null,
  ) {}

  static async open(config: DatabaseConfig): Promise<Database> {
    const pglite = config.kind === 'pglite' ? await SharedPglite.open(config.dataDir, config.loadFrom) : null;
    return new Database(config, pglite);
  }

  ormOptions(data: ServiceDataOptions): Options {
    const common: Options = {
      contextName: data.service,
      schema: data.service,
      entities: data.entities,
      extensions: [Migrator],
      migrations: {
        tableName: 'mikro_orm_migrations',
        migrationsList: data.migrations as never,
        snapshot: false,
        transactional: true,
        allOrNothing: true,
        emit: 'ts',
        silent: true,
      },
      ...(data.rawTables ? { schemaGenerator: { skipTables: data.rawTables } } : {}),
      forceUtcTimezone: true,
      allowGlobalContext: false,
      debug: data.debug ?? false,
      ignoreUndefinedInQuery: true,
    };
    if (this.config.kind === 'postgres') {
      return {
        ...common,
        driver: PostgreSqlDriver,
        clientUrl: this.config.url,
        pool: { min: 0, max: this.config.poolMax ?? 10 },
      };
    }
    const shared = this.pglite!;
    return {
      ...common,
      driver: EmbeddedPgliteDriver as never,
      dbName: 'postgres',
      driverOptions: { connection: { pglite: () => shared.handle() } satisfies PGliteConnectionConfig },
    };
  }

  /** The embedded database as a tar file (uncompressed), for {@link DatabaseConfig} `loadFrom`. PGlite only. */
  async dumpPglite(): Promise<Blob> {
    if (!this.pglite) throw new Error('dumpPglite: not a PGlite database');
    return this.pglite.dump();
  }

  async close(): Promise<void> {
    await this.pglite?.close();
  }
}
