export * from './roles';
export * from './errors';
