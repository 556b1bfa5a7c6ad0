// What the other features use of items; they import it from here, never from its files.
export { useItemsQuery, type ItemDto } from './itemsApi';
export { useItemQuery } from './itemsApi';
