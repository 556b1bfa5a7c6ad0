// What the other features use of menus; they import it from here, never from its files.
export { allEntries, entryUrlFor, resolveUrl, type MenuItem } from './menus';
