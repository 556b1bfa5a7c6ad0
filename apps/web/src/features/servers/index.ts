// What the other features use of servers; they import it from here, never from its files.
export { useServersQuery } from './serversApi';
export type { ServerDto } from './serversApi';
