import { Alert, Box, Button, Card, Field, HStack, Input, Link, NativeSelect, Progress, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../shared/hooks';
import { apiPath } from '../../shared/navigation/apiPath';
import { templateName } from './builtinTexts';
import { printErrorText } from './printErrors';
import { type PrintedFile, type PrintProgress, fetchPrint } from './printStream';
import type { LabelFormInput, PrintableTemplate, PrintRequest } from './printingTypes';

export interface PrintTarget {
  /** the API path of the print call without /api (…/print/item) */
  url: string;
  /** the call's body besides template and form (what to print) */
  body: Omit<PrintRequest, 'template_id' | 'form' | 'filename'>;
  /** nothing chosen yet: the print button waits */
  empty: boolean;
}

interface Props {
  templates: PrintableTemplate[] | undefined;
  loadingTemplates: boolean;
  target: PrintTarget;
  /** where the chosen template's print settings are edited (customer pages) */
  settingsLink?: (templateID: number) => string;
  testId: string;
}

function bytesText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The print part of the print pages: the template (of the page's type), the template's form inputs, A4 sheets or
 * the label printer, then "Print": the streamed answer's progress (labels and pages the headers announce, bytes
 * received) and a download link named as the server names the file. A failure says the catalogue text of 1055 with
 * the reason.
 */
export function PrintPanel({ templates, loadingTemplates, target, settingsLink, testId }: Props) {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.session.token);
  const [templateID, setTemplateID] = useState(0);
  const [sheets, setSheets] = useState<'a4' | 'label'>('a4');
  const [form, setForm] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<PrintProgress | null>(null);
  const [file, setFile] = useState<(PrintedFile & { url: string }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const chosen = templates?.find((x) => x.id === templateID) ?? templates?.[0];
  const inputs: LabelFormInput[] = useMemo(() => chosen?.form_inputs ?? [], [chosen]);
  useEffect(() => {
    setForm(Object.fromEntries(inputs.map((i) => [i.name, i.default ?? ''])));
  }, [inputs]);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);

  const print = async () => {
    if (!chosen) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setFailure(null);
    setFile(null);
    setProgress({ labels: null, pages: null, bytes: 0 });
    try {
      const printed = await fetchPrint(
        token,
        `${target.url}?A4=${sheets === 'a4'}`,
        { ...target.body, template_id: chosen.id, ...(inputs.length ? { form } : {}) },
        setProgress,
        controller.signal,
      );
      setFile({ ...printed, url: URL.createObjectURL(printed.blob) });
    } catch (error) {
      if (!controller.signal.aborted) setFailure(printErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const p = progress;
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Field.Root>
              <Field.Label>{t('printing.print.template')}</Field.Label>
              <NativeSelect.Root size="sm" disabled={loadingTemplates || !templates?.length}>
                <NativeSelect.Field value={String(chosen?.id ?? '')} onChange={(e) => setTemplateID(Number(e.target.value))} data-testid="print-template">
                  {(templates ?? []).map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.builtin ? `${templateName(t, x)} (${t('printing.templates.builtin')})` : x.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {templates && templates.length === 0 ? <Field.HelperText>{t('printing.print.noTemplates')}</Field.HelperText> : null}
              {chosen && settingsLink ? (
                <Field.HelperText>
                  <Link asChild color="blue.700">
                    <RouterLink to={settingsLink(chosen.id)} data-testid="print-settings-link">
                      {t('printing.print.settingsLink')}
                    </RouterLink>
                  </Link>
                </Field.HelperText>
              ) : null}
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('printing.print.printer')}</Field.Label>
              <RadioGroup.Root size="sm" value={sheets} onValueChange={(d) => setSheets(d.value === 'label' ? 'label' : 'a4')}>
                <HStack gap="4" wrap="wrap" minH="8">
                  <RadioGroup.Item value="a4" data-testid="print-a4">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t('printing.print.a4')}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                  <RadioGroup.Item value="label" data-testid="print-label-printer">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t('printing.print.labelPrinter')}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                </HStack>
              </RadioGroup.Root>
            </Field.Root>
          </SimpleGrid>
          {inputs.length ? (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" data-testid="print-form-inputs">
              {inputs.map((input) => (
                <Field.Root key={input.name}>
                  <Field.Label>{input.label || input.name}</Field.Label>
                  {input.options?.length ? (
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field value={form[input.name] ?? ''} onChange={(e) => setForm((f) => ({ ...f, [input.name]: e.target.value }))} data-testid={`print-input-${input.name}`}>
                        {input.options.map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  ) : (
                    <Input
                      size="sm"
                      type={input.type === 'number' ? 'number' : 'text'}
                      value={form[input.name] ?? ''}
                      onChange={(e) => setForm((f) => ({ ...f, [input.name]: e.target.value }))}
                      data-testid={`print-input-${input.name}`}
                    />
                  )}
                </Field.Root>
              ))}
            </SimpleGrid>
          ) : null}
          <HStack gap="3" wrap="wrap">
            <Button colorPalette="blue" size="sm" onClick={() => void print()} loading={busy} disabled={!chosen || target.empty} data-testid="print-submit">
              {t('printing.print.submit')}
            </Button>
            {target.empty ? <Text fontSize="sm" color="fg.muted">{t('printing.print.chooseFirst')}</Text> : null}
          </HStack>
          {p && (busy || file) ? (
            <Box data-testid="print-progress">
              <Progress.Root size="sm" value={file ? 100 : null} colorPalette="blue" maxW="md">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="sm" mt="1" data-testid="print-progress-text">
                {[
                  p.labels !== null ? t('printing.print.labels', { count: p.labels }) : null,
                  p.pages !== null ? t('printing.print.pages', { count: p.pages }) : null,
                  t('printing.print.received', { size: bytesText(p.bytes) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Box>
          ) : null}
          {file ? (
            <Alert.Root status="success" data-testid="print-done">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('printing.print.done')}</Alert.Title>
                <Alert.Description>
                  <Link href={file.url} download={file.name} color="blue.700" fontWeight="medium" data-testid="print-download">
                    {t('printing.print.download', { name: file.name })}
                  </Link>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {failure ? (
            <Alert.Root status="error" data-testid="print-error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The customer's address of a template's print settings. */
export function settingsPath(ids: { companyID: number; customerID: number }) {
  return (templateID: number) => apiPath(ids, `print/settings/${templateID}`);
}
