export * from './database';
export * from './shared-pglite';
export * from './tenant';
export * from './unit-of-work';
export * from './persistence.module';
export * from './migrate';
export * from './sql-helpers';
export * from './bound-query';
