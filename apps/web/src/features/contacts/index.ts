// What the other features use of contacts; they import it from here, never from its files.
export { ChangeLogPanel } from './ChangeLogPanel';
export { useContactsQuery } from './contactsApi';
export type { ContactDto, ContactOwner } from './contactsApi';
