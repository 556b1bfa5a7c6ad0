// What the other features use of orderqueue; they import it from here, never from its files.
export { useOrderQueueQuery } from './orderQueueApi';
