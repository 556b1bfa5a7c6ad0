// What the other features use of suppliers; they import it from here, never from its files.
export { useSupplierQuery, useSuppliersQuery } from './suppliersApi';
