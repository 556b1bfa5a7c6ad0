export * from './identity';
export * from './catalog';
export * from './locations';
export * from './users';
export * from './settings';
