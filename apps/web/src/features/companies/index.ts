// What the other features use of companies; they import it from here, never from its files.
export { CompanyHeader } from './CompanyHeader';
export { useCompanyQuery, useLicenseStatsQuery, useSendSupportMutation } from './companiesApi';
