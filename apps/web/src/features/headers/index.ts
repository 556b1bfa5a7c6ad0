// What the other features use of headers; they import it from here, never from its files.
export { CustomerHeader, LocationHeader, SupplierHeader } from './ContextHeaders';
