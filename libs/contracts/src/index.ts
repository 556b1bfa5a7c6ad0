export * from './identity';
export * from './catalog';
export * from './contacts';
export * from './locations';
export * from './users';
export * from './settings';
