// What the other features use of dashboards; they import it from here, never from its files.
export { ReplenishmentOverview, SupplyOverview } from './ReplenishmentOverview';
