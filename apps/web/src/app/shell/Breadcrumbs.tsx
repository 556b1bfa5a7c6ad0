import { Breadcrumb, Box } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../shared/hooks';
import { useCompanyQuery } from '../../features/companies/companiesApi';
import { apiPath } from '../../shared/navigation/apiPath';
import { locationLabel } from '../../shared/navigation/contextSlice';

interface Crumb {
  label: string;
  url: string;
}

/** Breadcrumbs of company, customer, location, storage (rack) and supplier names (spec 2; the storage context: clarifications). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const nav = useAppSelector((s) => s.navigation);
  const names = useAppSelector((s) => s.context.names);
  const { data: company } = useCompanyQuery(nav.companyID ?? 0, { skip: !nav.companyID });
  if (!nav.companyID) return null;
  const crumbs: Crumb[] = [
    { label: company?.name ?? t('common.loading'), url: `${apiPath({ companyID: nav.companyID })}/` },
  ];
  if (nav.customerID && names.customer?.id === nav.customerID)
    crumbs.push({
      label: names.customer.name,
      url: `${apiPath({ companyID: nav.companyID, customerID: nav.customerID })}/`,
    });
  if (nav.customerID && nav.locationID && names.location?.id === nav.locationID)
    crumbs.push({
      label: locationLabel(names.location, names.customer),
      url: `${apiPath({ companyID: nav.companyID, customerID: nav.customerID, locationID: nav.locationID })}/`,
    });
  if (nav.customerID && nav.locationID && nav.storageID && names.storage?.id === nav.storageID)
    crumbs.push({
      label: names.storage.name,
      url: `${apiPath({ companyID: nav.companyID, customerID: nav.customerID, locationID: nav.locationID, storageID: nav.storageID })}/`,
    });
  if (nav.supplierID && names.supplier?.id === nav.supplierID)
    crumbs.push({
      label: names.supplier.name,
      url: `${apiPath({ companyID: nav.companyID, supplierID: nav.supplierID })}/`,
    });
  return (
    <Box px={{ base: '3', md: '6' }} pt="3" data-testid="breadcrumbs">
      <Breadcrumb.Root size="sm" aria-label={t('layout.breadcrumbs')}>
        <Breadcrumb.List>
          {crumbs.map((crumb, i) => (
            <Fragment key={crumb.url}>
              {i > 0 ? <Breadcrumb.Separator /> : null}
              <Breadcrumb.Item>
                {i === crumbs.length - 1 ? (
                  <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild>
                    <RouterLink to={crumb.url}>{crumb.label}</RouterLink>
                  </Breadcrumb.Link>
                )}
              </Breadcrumb.Item>
            </Fragment>
          ))}
        </Breadcrumb.List>
      </Breadcrumb.Root>
    </Box>
  );
}
