// What the other features use of rules; they import it from here, never from its files.
export { LocationRules } from './LocationRules';
export { useRulesQuery } from './rulesApi';
export { FillLevelSection } from './FillLevelSection';
