import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyQuery } from '../companies';
import { Icon } from '../../shared/icons';
import { CompanyDialog } from './CompanyDialog';

/** "Edit company data" on the company dashboard (shown to owners and admins only). */
export function CompanyEditButton({ companyID }: { companyID: number }) {
  const { t } = useTranslation();
  const { data: company } = useCompanyQuery(companyID);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" alignSelf="flex-start" disabled={!company} onClick={() => setOpen(true)} data-testid="company-edit">
        <Icon name="settings" />
        {t('settings.company.edit')}
      </Button>
      {open && company ? <CompanyDialog company={company} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
