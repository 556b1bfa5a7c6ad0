import { useParams } from 'react-router';
import type { RuleOwner } from './notificationRulesApi';

const num = (value: string | undefined) => (value ? Number(value) : undefined);

/** The customer, location or supplier of the address (.../notifications...). */
export function useRuleOwner(): RuleOwner {
  const params = useParams();
  return {
    companyID: Number(params.companyID),
    customerID: num(params.customerID),
    locationID: num(params.locationID),
    supplierID: num(params.supplierID),
  };
}
