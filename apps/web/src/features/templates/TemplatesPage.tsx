import { Button } from '@chakra-ui/react';
import type { TemplateSort } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { listTexts, ListPage, useListPage } from '../../shared/lists/ListPage';
import { translatedError } from '../settings';
import { PreviewDialog } from './PreviewDialog';
import { TemplateDialog } from './TemplateDialog';
import { type TemplateDto, type TemplateKind, useDeleteTemplateMutation, useTemplatesQuery } from './templatesApi';

/**
 * /c/{companyID}/settings/notifications/email_templates and …/file_templates: the company's templates, searched by
 * name, sorted and paged on the server; the user group creates, edits and deletes them (after asking) and previews
 * them on the latest order (the server renders them).
 */
function TemplatesPage({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const companyID = Number(useParams().companyID);
  const state = useListPage<TemplateDto, TemplateSort>('name');
  const result = useTemplatesQuery({ companyID, kind, ...state.params });
  const [remove] = useDeleteTemplateMutation();
  const [previewing, setPreviewing] = useState<TemplateDto | null>(null);
  return (
    <>
      <ListPage
        kind={`${kind}-template`}
        state={state}
        result={result}
        texts={listTexts(t, kind === 'email' ? 'emailTemplates' : 'fileTemplates')}
        columns={[
          { label: t('templates.fields.name'), sort: 'name', render: (x) => x.name },
          kind === 'email'
            ? { label: t('templates.email.header'), render: (x) => x.header }
            : { label: t('templates.fields.encoding'), render: (x) => ('encoding' in x ? `${x.encoding} · ${x.linebreak}` : '') },
          { label: t('templates.fields.updated'), sort: 'updated_at', render: (x) => format.dateTime(x.updated_at) },
          {
            label: t('templates.preview'),
            render: (x) => (
              <Button size="xs" variant="outline" onClick={() => setPreviewing(x)} data-testid={`template-preview-${x.id}`}>
                {t('templates.preview')}
              </Button>
            ),
          },
        ]}
        failureText={translatedError}
        actions={{ remove: (x) => remove({ companyID, kind, id: x.id }).unwrap() }}
        dialog={(template, onClose) => <TemplateDialog companyID={companyID} kind={kind} template={template} onClose={onClose} />}
      />
      {previewing ? <PreviewDialog companyID={companyID} kind={kind} template={previewing} onClose={() => setPreviewing(null)} /> : null}
    </>
  );
}

export function EmailTemplatesPage() {
  return <TemplatesPage kind="email" />;
}

export function FileTemplatesPage() {
  return <TemplatesPage kind="file" />;
}
