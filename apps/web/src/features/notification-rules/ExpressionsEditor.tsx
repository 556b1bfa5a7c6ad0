import { Button, Code, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  NOTIFICATION_RULE_LIMITS,
  RESPONSE_PLACEHOLDERS,
  RESPONSE_TARGETS,
  type ResponseExpression,
  type ResponseTarget,
} from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/icons';
import { patternError } from './ruleForm';

/**
 * The response expressions of a rule that fetches the supplier's answers: one row per expression (what it sets and
 * its regular expression), the placeholders explained. `serverErrors` are the server's messages by row.
 */
export function ExpressionsEditor({
  value,
  onChange,
  serverErrors,
  error,
  readOnly,
}: {
  value: ResponseExpression[];
  onChange: (value: ResponseExpression[]) => void;
  serverErrors: Record<number, string>;
  /** a message for the expressions as a whole (none given, the server's) */
  error?: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<ResponseExpression>) =>
    onChange(value.map((e, i) => (i === index ? { ...e, ...patch } : e)));
  return (
    <Stack gap="3" data-testid="rule-expressions">
      <Text fontWeight="semibold" fontSize="sm">
        {t('notificationRules.expressions')}
      </Text>
      <Stack gap="1" fontSize="sm" color="fg.muted">
        <Text>{t('notificationRules.expressionsHint')}</Text>
        {RESPONSE_PLACEHOLDERS.map((name) => (
          <HStack key={name} gap="2" align="baseline">
            <Code>{`{${name}}`}</Code>
            <Text>{t(`notificationRules.placeholders.${name}`)}</Text>
          </HStack>
        ))}
      </Stack>
      {value.map((expression, index) => {
        const error = patternError(expression.pattern);
        return (
          <Stack
            key={index}
            direction={{ base: 'column', md: 'row' }}
            gap="2"
            align={{ base: 'stretch', md: 'start' }}
            data-testid={`rule-expression-${index}`}
          >
            <NativeSelect.Root maxW={{ base: 'full', md: '220px' }} disabled={readOnly}>
              <NativeSelect.Field
                aria-label={t('notificationRules.expressionTarget')}
                value={expression.target}
                onChange={(e) => set(index, { target: e.target.value as ResponseTarget })}
              >
                {RESPONSE_TARGETS.map((target) => (
                  <option key={target} value={target}>
                    {t(`notificationRules.targets.${target}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.Root invalid={Boolean(error || serverErrors[index])} flex="1">
              <Input
                aria-label={t('notificationRules.expressionPattern')}
                value={expression.pattern}
                onChange={(e) => set(index, { pattern: e.target.value })}
                fontFamily="mono"
                maxLength={NOTIFICATION_RULE_LIMITS.pattern}
                readOnly={readOnly}
                placeholder={t('notificationRules.patternPlaceholder')}
              />
              {error ? (
                <Field.ErrorText>{t(error)}</Field.ErrorText>
              ) : serverErrors[index] ? (
                <Field.ErrorText>{serverErrors[index]}</Field.ErrorText>
              ) : null}
            </Field.Root>
            {readOnly ? null : (
              <IconButton
                variant="ghost"
                aria-label={t('notificationRules.removeExpression')}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                data-testid={`rule-expression-remove-${index}`}
              >
                <Icon name="close" />
              </IconButton>
            )}
          </Stack>
        );
      })}
      {error ? (
        <Text color="fg.error" fontSize="sm" data-testid="rule-expressions-error">
          {error}
        </Text>
      ) : null}
      {readOnly || value.length >= NOTIFICATION_RULE_LIMITS.expressions ? null : (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() => onChange([...value, { target: 'ext_status', pattern: '' }])}
          data-testid="rule-expression-add"
        >
          <Icon name="add" />
          {t('notificationRules.addExpression')}
        </Button>
      )}
    </Stack>
  );
}
