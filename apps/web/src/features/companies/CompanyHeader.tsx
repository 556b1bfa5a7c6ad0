import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { EntityHeader, selectedImage } from '../../shared/headers/EntityHeader';
import { useSingleCompany } from '../../shared/session/useViewer';
import { useCompanyQuery } from './companiesApi';

/** Company header: name, number and city, selected image; back to the companies unless single-company. */
export function CompanyHeader({ companyID }: { companyID: number }) {
  const { t } = useTranslation();
  const single = useSingleCompany();
  const { data, isLoading, error } = useCompanyQuery(companyID);
  return (
    <EntityHeader
      testId="company-header"
      name={data?.name}
      image={selectedImage(data?.images)}
      subtitle={
        data
          ? [data.nr, [data.postal, data.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ')
          : undefined
      }
      back={single === companyID ? undefined : { to: '/companies', label: t('companies.back') }}
      loading={isLoading}
      error={error ? errorText(error, t) : null}
    />
  );
}
