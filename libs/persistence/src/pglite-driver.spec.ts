import { EntitySchema, MikroORM } from '@mikro-orm/postgresql';
import { queryBound } from './bound-query';
import { EmbeddedPgliteDriver, statementCount } from './pglite-driver';
import { SharedPglite } from './shared-pglite';

describe('statementCount', () => {
  it.each([
    ['select 1', 1],
    ['select 1;', 1],
    ['  ;  ; ', 0],
    ['create table a (x int); create table b (y int);', 2],
    ["insert into t (name) values ('Schraube M8; verzinkt')", 1],
    ["insert into t (name) values ('it''s; fine')", 1],
    ["insert into t (name) values (E'back\\\\slash\\'; quote')", 1],
    ["insert into t (name) values ('back\\'); select 2", 2],
    ['select "odd;""name" from t', 1],
    ['select $$a;b$$, $tag$c;$$;d$tag$', 1],
    ['select $1; select $2', 2],
    ['select 1 -- a; comment\n', 1],
    ['select 1 /* a; /* nested; */ b; */', 1],
    ['select 1; -- trailing; comment', 1],
  ])('%s -> %i', (sql, expected) => {
    expect(statementCount(sql)).toBe(expected);
  });
});

interface Named {
  id: number;
  name: string;
}

const NamedSchema = new EntitySchema<Named>({
  name: 'Named',
  tableName: 'named',
  properties: { id: { type: 'number', primary: true, autoincrement: true }, name: { type: 'string', columnType: 'text' } },
});

const HOSTILE = [
  'Schraube M8; verzinkt',
  'x;y',
  "O'Brien; drop table named; --",
  'a -- b',
  '$1 and $2 $$ $tag$',
  'what? ? ?? :name',
  'back\\slash\\; \\',
  'Emoji 🔩🚚; and Ümläute ß',
  '/* not; a comment */',
  '";"',
];

describe('EmbeddedPgliteDriver', () => {
  let shared: SharedPglite;
  let orm: MikroORM;

  beforeAll(async () => {
    shared = await SharedPglite.open(null);
    orm = await MikroORM.init({
      driver: EmbeddedPgliteDriver as never,
      dbName: 'postgres',
      entities: [NamedSchema],
      allowGlobalContext: false,
      driverOptions: { connection: { pglite: () => shared.handle() } },
    });
    await orm.em.getConnection().execute('create table named (id serial primary key, name text not null); create index named_name on named (name);');
  });

  afterAll(async () => {
    await orm.close();
    await shared.close();
  });

  it('saves and reads back names holding ";", quotes, comments, placeholders and backslashes unchanged', async () => {
    const em = orm.em.fork();
    const ids: number[] = [];
    for (const name of HOSTILE) {
      const row = em.create(NamedSchema, { name });
      await em.flush();
      ids.push(row.id);
    }
    const read = await orm.em.fork().find(NamedSchema, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
    expect(read.map((r) => r.name)).toEqual(HOSTILE);
    // Updates and lookups with the value written into the text (MikroORM's literals).
    const fork = orm.em.fork();
    const first = await fork.findOneOrFail(NamedSchema, { name: HOSTILE[0] });
    first.name = `${HOSTILE[2]} (renamed; again)`;
    await fork.flush();
    expect((await orm.em.fork().findOneOrFail(NamedSchema, first.id)).name).toBe(`${HOSTILE[2]} (renamed; again)`);
  });

  it('answers rows (not a list of result sets) for em.execute and bound queries with such values', async () => {
    const em = orm.em.fork();
    const rows = await em.execute<{ name: string }[]>('select ? as name', ['x;y']);
    expect(rows).toEqual([{ name: 'x;y' }]);
    const bound = await em.transactional((tx) => queryBound<{ name: string }>(tx, 'select ?::text as name', ['a; b']));
    expect(bound).toEqual([{ name: 'a; b' }]);
  });

  it('still runs a text of several statements (migrations, schema)', async () => {
    const conn = orm.em.getConnection();
    await conn.execute("create table two (v text); insert into two values ('a;b');");
    expect(await conn.execute('select v from two')).toEqual([{ v: 'a;b' }]);
  });
});
