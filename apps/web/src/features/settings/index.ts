// What the other features use of settings; they import it from here, never from its files.
export { CompanyEditButton } from './CompanyEditButton';
export { CustomValueFields, useCustomValues } from './CustomValueFields';
export { useUnitName } from './useUnitName';
