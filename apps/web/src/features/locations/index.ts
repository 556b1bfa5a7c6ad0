// What the other features use of locations; they import it from here, never from its files.
export { useLocationQuery, useLocationsQuery } from './locationsApi';
export { LocationStockList } from './LocationStockList';
export { ScheduleCard } from './LocationTimesCards';
