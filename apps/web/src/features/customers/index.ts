// What the other features use of customers; they import it from here, never from its files.
export { useCustomerQuery, useCustomersQuery } from './customersApi';
