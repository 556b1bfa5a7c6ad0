import { Flex, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** Links between the master-data settings pages (custom fields have no entry of their own in the side menu). */
export function SettingsTabs({ companyID }: { companyID: number }) {
  const { t } = useTranslation();
  const tabs = [
    { path: 'settings/units', label: t('settings.units.title'), testId: 'settings-tab-units' },
    { path: 'settings/storage_types', label: t('settings.storageTypes.title'), testId: 'settings-tab-storage-types' },
    { path: 'settings/custom_fields', label: t('settings.customFields.title'), testId: 'settings-tab-custom-fields' },
    { path: 'settings/sensors', label: t('sensors.title'), testId: 'settings-tab-sensors' },
  ];
  return (
    <Flex gap="4" borderBottomWidth="1px" pb="2" wrap="wrap" aria-label={t('settings.tabs')} as="nav">
      {tabs.map((tab) => (
        <Link key={tab.path} asChild fontWeight="medium" data-testid={tab.testId}>
          <NavLink
            to={`/c/${companyID}/${tab.path}`}
            style={({ isActive }) => ({ textDecoration: isActive ? 'underline' : 'none' })}
          >
            {tab.label}
          </NavLink>
        </Link>
      ))}
    </Flex>
  );
}
