import { useParams } from 'react-router';
import type { ContactOwner } from './contactsApi';

/** The customer or supplier of the current contacts route (/c/{companyID}/customer/{customerID}/... or supplier). */
export function useContactOwner(): ContactOwner {
  const params = useParams();
  const companyID = Number(params.companyID);
  return params.supplierID
    ? { companyID, kind: 'supplier', id: Number(params.supplierID) }
    : { companyID, kind: 'customer', id: Number(params.customerID) };
}
