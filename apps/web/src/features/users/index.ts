// What the other features use of users; they import it from here, never from its files.
export { useUsersQuery } from './usersApi';
export type { CompanyUserDto } from './usersApi';
