import { Box, Flex, Heading } from '@chakra-ui/react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';

/** Public pages: no navbar, toolbar or footer; only the product name and the language switch. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100vh" bg="gray.50">
      <Flex as="header" justify="space-between" align="center" px="4" py="3">
        <Heading as="p" size="md" color="blue.700">
          {t('app.title')}
        </Heading>
        <LanguageSwitch />
      </Flex>
      <Flex as="main" flex="1" justify="center" align="flex-start" px="4" py={{ base: '4', md: '12' }}>
        <Box
          w="full"
          maxW="420px"
          bg="white"
          borderWidth="1px"
          borderRadius="lg"
          p={{ base: '5', md: '8' }}
          boxShadow="sm"
        >
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
