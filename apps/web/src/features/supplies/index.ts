// What the other features use of supplies; they import it from here, never from its files.
export { ItemSupplies } from './ItemSupplies';
export { OpenSupplies } from './OpenSupplies';
export { SupplyStatusBadge } from './SupplyStatusBadge';
export { useSuppliesQuery } from './suppliesApi';
