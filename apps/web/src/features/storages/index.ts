// What the other features use of storages; they import it from here, never from its files.
export { useStoragesQuery } from './storagesApi';
