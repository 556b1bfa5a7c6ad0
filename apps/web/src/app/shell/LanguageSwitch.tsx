import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../../i18n/i18n';
import { Icon } from '../../shared/icons';

/** Language switch (de or en), kept in browser storage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Menu.Root
      // fixed: the menu never sits below the page while it opens, so focusing its first entry cannot scroll
      positioning={{ strategy: 'fixed' }}
      onSelect={(d) => isLanguage(d.value) && changeLanguage(d.value)}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('toolbar.languageCurrent', { code: i18n.language.toUpperCase() })}
          data-testid="language-switch"
        >
          <Icon name="globe" />
          {i18n.language.toUpperCase()}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LANGUAGES.map((lang) => (
              <Menu.Item key={lang} value={lang} data-testid={`language-${lang}`}>
                {t(`languages.${lang}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
