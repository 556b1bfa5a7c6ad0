import { Badge, Box, Card, Flex, Heading, HStack, Image, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { useDebounced } from '../../shared/lists/useDebounced';
import { useRulesQuery } from '../rules';
import { usePreviewLabelTemplateMutation } from './printingApi';
import type { LabelPreviewResult, LabelProblem, LabelTemplateType } from './printingTypes';

interface Props {
  companyID: number;
  template: string;
  type: LabelTemplateType;
  /** the preview's problems (line and column), shown at their lines by the editor */
  onProblems: (problems: LabelProblem[]) => void;
}

/** An SVG as the source of an image (never inserted into the page: its text cannot run). */
function svgSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The live preview of the editor: the XML as it is typed, rendered by the server (POST labeltemplates/preview) once
 * typing pauses, its first label shown as an image. Sample data unless a kanban rule is chosen as the source (item
 * and smart templates).
 */
export function LabelPreview({ companyID, template, type, onProblems }: Props) {
  const { t } = useTranslation();
  const xml = useDebounced(template, 500);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [ruleID, setRuleID] = useState(0);
  const withRules = type === 'Item' || type === 'Smart';
  const rules = useRulesQuery({ companyID, all: true, q: q || undefined, per_page: 50 }, { skip: !withRules });
  const [preview, state] = usePreviewLabelTemplateMutation();
  const [shown, setShown] = useState<LabelPreviewResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!xml.trim()) return;
    let current = true;
    preview({ companyID, body: { template: xml, type, ...(withRules && ruleID ? { source: { rule_id: ruleID } } : {}) } })
      .unwrap()
      .then((result) => {
        if (!current) return;
        // a template with problems has no SVG: the last good preview stays, marked as such
        setShown((before) => (result.svg || !before ? result : { ...before, problems: result.problems }));
        setFailure(null);
        onProblems(result.problems ?? []);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setFailure(errorText(error, t));
      });
    return () => {
      current = false;
    };
    // a new preview only for new XML, type or data (onProblems and t do not ask for one)
  }, [xml, type, ruleID, companyID, withRules, preview]);
  return (
    <Card.Root size="sm" data-testid="label-preview">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading size="sm">{t('printing.editor.preview')}</Heading>
          <HStack gap="2">
            {state.isLoading ? <Spinner size="xs" /> : null}
            {shown ? (
              <Badge variant="subtle" colorPalette={shown.sample ? 'gray' : 'blue'} data-testid="label-preview-data">
                {shown.sample ? t('printing.editor.sampleData') : t('printing.editor.realData')}
              </Badge>
            ) : null}
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {withRules ? (
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t('printing.editor.source')}
              </Text>
              <Flex gap="2" wrap="wrap">
                <Input size="sm" maxW="200px" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('printing.editor.sourceSearch')} aria-label={t('printing.editor.sourceSearch')} />
                <NativeSelect.Root size="sm" flex="1" minW="200px">
                  <NativeSelect.Field value={String(ruleID)} onChange={(e) => setRuleID(Number(e.target.value))} aria-label={t('printing.editor.source')} data-testid="label-preview-source">
                    <option value="0">{t('printing.editor.sample')}</option>
                    {(rules.data?.items ?? []).map((r) => (
                      <option key={r.id} value={r.id}>
                        {`${r.item.sku} · ${r.item.name}`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Flex>
            </Stack>
          ) : null}
          <Box bg="bg.muted" borderRadius="md" p="3" minH="160px" display="flex" alignItems="center" justifyContent="center">
            {shown?.svg ? (
              <Image
                src={svgSource(shown.svg)}
                alt={t('printing.editor.previewAlt')}
                maxW="full"
                maxH="480px"
                bg="white"
                boxShadow="sm"
                data-testid="label-preview-image"
                data-svg-length={shown.svg.length}
              />
            ) : (
              <Text color="fg.muted">{t('printing.editor.noPreview')}</Text>
            )}
          </Box>
          {shown?.svg && shown.problems.length ? (
            <Text fontSize="sm" color="fg.warning" data-testid="label-preview-stale">
              {t('printing.editor.stale')}
            </Text>
          ) : null}
          {shown ? (
            <Text fontSize="xs" color="fg.muted">
              {t('printing.editor.previewSize', { width: shown.width, height: shown.height, count: shown.pages })}
            </Text>
          ) : null}
          {failure ? (
            <Text color="fg.error" fontSize="sm" data-testid="label-preview-error">
              {failure}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
