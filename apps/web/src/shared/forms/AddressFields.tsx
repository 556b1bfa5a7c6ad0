import { SimpleGrid, Text } from '@chakra-ui/react';
import { CUSTOMER_COUNTRIES } from '@kanban/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

export const ADDRESS_FIELDS = ['street', 'postal', 'city', 'state', 'country_iso'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

interface Props {
  /** the props of a form field (useForm's `field`) */
  field: (name: AddressField) => {
    name: string;
    value: string;
    onChange: (value: string) => void;
    touched: boolean;
    serverError?: string;
  };
  /** more fields in the same grid (VAT id, ...) */
  children?: ReactNode;
}

/** The address block of master-data forms: street, postal code, city, state and one of the countries of spec 9. */
export function AddressFields({ field, children }: Props) {
  const { t } = useTranslation();
  const country = field('country_iso');
  return (
    <>
      <Text fontWeight="semibold">{t('address.title')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField {...field('street')} label={t('address.street')} />
        <TextField {...field('postal')} label={t('address.postal')} />
        <TextField {...field('city')} label={t('address.city')} />
        <TextField {...field('state')} label={t('address.state')} />
        <SelectField
          name="country_iso"
          label={t('address.country_iso')}
          value={country.value}
          onChange={country.onChange}
          error={country.serverError}
          options={[
            { value: '', label: t('address.noCountry') },
            ...CUSTOMER_COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) })),
          ]}
        />
        {children}
      </SimpleGrid>
    </>
  );
}
