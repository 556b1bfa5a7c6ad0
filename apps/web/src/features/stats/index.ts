// What the other features use of stats; they import it from here, never from its files.
export { useSupplierServiceReportQuery } from './statsApi';
export { niceStep } from './DayChart';
