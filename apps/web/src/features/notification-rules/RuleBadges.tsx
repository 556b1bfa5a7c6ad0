import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NotificationRuleDto } from './notificationRulesApi';

/** The type (e-mail or file) and whether the rule is active, as small badges. */
export function TypeBadge({ rule }: { rule: Pick<NotificationRuleDto, 'type'> }) {
  const { t } = useTranslation();
  return (
    <Badge variant="subtle" colorPalette={rule.type === 'E' ? 'blue' : 'purple'}>
      {t(`notificationRules.types.${rule.type}`)}
    </Badge>
  );
}

export function ActiveBadge({ rule }: { rule: Pick<NotificationRuleDto, 'active' | 'id'> }) {
  const { t } = useTranslation();
  return (
    <HStack>
      <Badge
        variant="subtle"
        colorPalette={rule.active ? 'green' : 'gray'}
        data-testid={`rule-active-${rule.id}`}
      >
        {rule.active ? t('notificationRules.active') : t('notificationRules.inactive')}
      </Badge>
    </HStack>
  );
}
