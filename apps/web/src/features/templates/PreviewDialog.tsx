import { Alert, Badge, Box, Button, Code, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../shared/api/apiError';
import { reasonText, templateProblem } from './placeholders';
import { type EmailTemplateExecuteResult, type FileTemplateExecuteResult, type TemplateDto, type TemplateKind, useExecuteTemplateMutation } from './templatesApi';

type Outcome = { ok: true; result: EmailTemplateExecuteResult | FileTemplateExecuteResult } | { ok: false; message: string };

/** "Preview": the saved template rendered by the server on the company's latest order (or the sample order). */
export function PreviewDialog({ companyID, kind, template, onClose }: { companyID: number; kind: TemplateKind; template: TemplateDto; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [execute] = useExecuteTemplateMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const locale = i18n.language.startsWith('de') ? 'de' : 'en';
  useEffect(() => {
    let live = true;
    setOutcome(null);
    execute({ companyID, kind, id: template.id, locale })
      .unwrap()
      .then((result) => live && setOutcome({ ok: true, result }))
      .catch((error: unknown) => {
        if (!live) return;
        const first = isApiError(error) ? error.errors?.[0] : undefined;
        const problem = first ? templateProblem(first.message, first.params) : null;
        const message =
          isApiError(error) && error.code === 1000 && error.field === 'encoding'
            ? t('templates.encodingError', { message: error.message })
            : problem
              ? t('templates.errorAt', { ...problem, reason: reasonText(problem.reason, t) })
              : errorText(error, t);
        setOutcome({ ok: false, message });
      });
    return () => {
      live = false;
    };
  }, [companyID, kind, template.id, locale, execute, t]);
  const result = outcome?.ok ? outcome.result : null;
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="template-preview-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('templates.previewTitle', { name: template.name })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {outcome === null ? (
                  <HStack>
                    <Spinner size="sm" />
                    <Text>{t('templates.rendering')}</Text>
                  </HStack>
                ) : !outcome.ok ? (
                  <Alert.Root status="error" data-testid="template-preview-error">
                    <Alert.Indicator />
                    <Alert.Description>{outcome.message}</Alert.Description>
                  </Alert.Root>
                ) : null}
                {result ? (
                  <Text fontSize="sm" color="fg.muted" data-testid="template-preview-source">
                    {result.sample ? t('templates.onSample') : t('templates.onOrder', { id: result.order_id })}
                  </Text>
                ) : null}
                {result && 'subject' in result ? (
                  <>
                    <Box>
                      <Text fontWeight="semibold" fontSize="sm">
                        {t('templates.email.header')}
                      </Text>
                      <Text data-testid="template-preview-subject">{result.subject}</Text>
                    </Box>
                    <Box>
                      <HStack>
                        <Text fontWeight="semibold" fontSize="sm">
                          {t('templates.email.body')}
                        </Text>
                        {result.format === 'html' ? <Badge>{t('templates.html')}</Badge> : null}
                      </HStack>
                      <Code as="pre" display="block" whiteSpace="pre-wrap" p="3" maxH="50vh" overflow="auto" data-testid="template-preview-body">
                        {result.body}
                      </Code>
                    </Box>
                  </>
                ) : null}
                {result && 'text' in result ? (
                  <Box>
                    <HStack wrap="wrap" gap="2">
                      <Text fontWeight="semibold" fontSize="sm" data-testid="template-preview-file-name">
                        {result.file_name}
                      </Text>
                      <Badge>{result.encoding}</Badge>
                      <Badge>{result.linebreak}</Badge>
                      <Text fontSize="sm" color="fg.muted">
                        {t('templates.bytes', { count: result.size })}
                      </Text>
                    </HStack>
                    <Code as="pre" display="block" whiteSpace="pre" p="3" mt="2" maxH="50vh" overflow="auto" data-testid="template-preview-text">
                      {result.text}
                    </Code>
                  </Box>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="template-preview-close">
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
