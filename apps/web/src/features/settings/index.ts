// What the other features use of settings; they import it from here, never from its files.
export { CompanyEditButton } from './CompanyEditButton';
export { CustomValueFields, useCustomValues } from './CustomValueFields';
export { SettingsTabs } from './SettingsTabs';
export { translatedError } from './translatedError';
export { UnitField } from './UnitField';
export { useUnitName } from './useUnitName';
