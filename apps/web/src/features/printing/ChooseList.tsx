import { Box, Button, Checkbox, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChoiceRow {
  id: number;
  title: string;
  detail?: string;
}

interface Props {
  label: string;
  rows: ChoiceRow[] | undefined;
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  loading: boolean;
  none: string;
  testId: string;
}

/**
 * What to print: the rows with a box each (all ticked to start with, by the page), a search narrowing the rows
 * shown, "all" and "none" for the rows shown, and the count ticked.
 */
export function ChooseList({ label, rows, selected, onChange, loading, none, testId }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (rows ?? []).filter((r) => !q || `${r.title} ${r.detail ?? ''}`.toLowerCase().includes(q));
  }, [rows, filter]);
  const setAll = (on: boolean) => {
    const next = new Set(selected);
    for (const r of shown) if (on) next.add(r.id);
    else next.delete(r.id);
    onChange(next);
  };
  return (
    <Stack gap="2" data-testid={testId}>
      <Text fontWeight="medium">{label}</Text>
      <Flex gap="2" align="center">
        <Input size="sm" flex="1" minW="0" maxW="280px" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t('printing.choose.search')} aria-label={t('printing.choose.search')} data-testid={`${testId}-search`} />
        <HStack gap="2" flexShrink={0}>
          <Button size="sm" variant="outline" onClick={() => setAll(true)} disabled={!shown.length} data-testid={`${testId}-all`}>
            {t('printing.choose.all')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAll(false)} disabled={!shown.length} data-testid={`${testId}-none`}>
            {t('printing.choose.none')}
          </Button>
        </HStack>
      </Flex>
      <Box borderWidth="1px" borderRadius="md" maxH="300px" overflowY="auto" px="3" py="2">
        {loading ? (
          <Text color="fg.muted">{t('printing.choose.loading')}</Text>
        ) : rows && rows.length === 0 ? (
          <Text color="fg.muted" data-testid={`${testId}-empty`}>
            {none}
          </Text>
        ) : (
          <Stack gap="2">
            {shown.map((r) => (
              <Checkbox.Root
                key={r.id}
                size="sm"
                checked={selected.has(r.id)}
                onCheckedChange={(e) => {
                  const next = new Set(selected);
                  if (e.checked === true) next.add(r.id);
                  else next.delete(r.id);
                  onChange(next);
                }}
                data-testid={`${testId}-row-${r.id}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Text as="span" fontWeight="medium">
                    {r.title}
                  </Text>
                  {r.detail ? (
                    <Text as="span" color="fg.muted">
                      {` · ${r.detail}`}
                    </Text>
                  ) : null}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Box>
      <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-count`}>
        {t('printing.choose.count', { count: selected.size, total: rows?.length ?? 0 })}
      </Text>
    </Stack>
  );
}
