export * from './identity';
export * from './catalog';
export * from './contacts';
export * from './images';
export * from './items';
export * from './locations';
export * from './users';
export * from './settings';
