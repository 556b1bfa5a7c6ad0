import { Badge, Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { DataTable } from '../../shared/lists/DataTable';
import { EmptyList } from '../../shared/lists/EmptyList';
import { ListFrame } from '../../shared/lists/ListFrame';
import { Pager } from '../../shared/lists/ListControls';
import { RowActions } from '../../shared/lists/RowActions';
import { useServerList } from '../../shared/lists/useServerList';
import { apiPath } from '../../shared/navigation/apiPath';
import { useViewer } from '../../shared/session/useViewer';
import { builtinKeysMatching, templateDescription, templateName } from './builtinTexts';
import { useDuplicateTemplate } from './useDuplicateTemplate';
import { useDeleteLabelTemplateMutation, useLabelTemplatesQuery } from './printingApi';
import { LABEL_TEMPLATE_TYPES, type LabelTemplateDto, type LabelTemplateSort, type LabelTemplateType } from './printingTypes';

/**
 * /c/{companyID}/settings/templates/label: the company's label templates (the five built-ins first among equals,
 * marked, read-only: duplicated to change; their names and descriptions in the interface's language), filtered by
 * type and name, sorted and paged on the server. The user group
 * creates, edits (the editor page), duplicates and deletes them (after asking).
 */
export function LabelTemplatesPage() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<LabelTemplateSort>('name');
  const [type, setType] = useState<LabelTemplateType | ''>('');
  const { all: _all, ...params } = list.params;
  // the built-ins show translated: their keys go with a search, so it finds the names shown, and the language with the
  // list, so sorting by name orders them by the names shown
  const lang = i18n.language.startsWith('de') ? ('de' as const) : undefined;
  const result = useLabelTemplatesQuery({ companyID, ...params, type: type || undefined, builtin_keys: builtinKeysMatching(t, params.q), lang });
  const [remove, removing] = useDeleteLabelTemplateMutation();
  const [deleting, setDeleting] = useState<LabelTemplateDto | null>(null);
  const duplicate = useDuplicateTemplate(companyID);
  const editorPath = (id: number | 'new') => apiPath({ companyID }, `settings/templates/label/${id}`);
  const rows = result.data?.items;
  const page = result.data;
  const filtered = list.filtered || type !== '';
  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove({ companyID, id: deleting.id })
      .unwrap()
      .then(() => dispatch(snackbarShown({ message: t('printing.templates.deleted', { name }), variant: 'success' })))
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setDeleting(null));
  };
  return (
    <ListFrame
      title={t('printing.templates.title')}
      testId="label-templates-page"
      create={canWrite ? { label: t('printing.templates.create'), onClick: () => void navigate(editorPath('new')), testId: 'label-template-create' } : undefined}
      filter={list.filter}
      onFilter={list.setFilter}
      filterLabel={t('printing.templates.filter')}
      filterTestId="label-template-filter"
      error={result.error}
    >
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t('printing.templates.type')}
        </Text>
        <NativeSelect.Root size="sm" maxW="220px">
          <NativeSelect.Field
            aria-label={t('printing.templates.type')}
            value={type}
            onChange={(e) => {
              setType(e.target.value as LabelTemplateType | '');
              list.setPage(1);
            }}
            data-testid="label-template-type-filter"
          >
            <option value="">{t('printing.templates.allTypes')}</option>
            {LABEL_TEMPLATE_TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`printing.types.${x}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {rows && rows.length === 0 ? (
        <EmptyList
          filtered={filtered}
          none={t('printing.templates.none')}
          onReset={() => {
            list.reset();
            setType('');
          }}
          testId="label-template-empty"
        />
      ) : (
        <DataTable
          label={t('printing.templates.title')}
          rows={rows ?? []}
          rowKey={(x) => x.id}
          rowTestId={(x) => `label-template-row-${x.id}`}
          busy={result.isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          columns={[
            {
              key: 'name',
              label: t('printing.templates.name'),
              sort: 'name',
              cell: (x) => (
                <HStack gap="2" wrap="wrap">
                  <RouterLink to={editorPath(x.id)}>
                    <Text as="span" color="blue.700" fontWeight="medium">
                      {templateName(t, x)}
                    </Text>
                  </RouterLink>
                  {x.builtin ? (
                    <Badge colorPalette="purple" variant="subtle" data-testid={`label-template-builtin-${x.id}`}>
                      {t('printing.templates.builtin')}
                    </Badge>
                  ) : null}
                </HStack>
              ),
            },
            { key: 'type', label: t('printing.templates.type'), sort: 'type', cell: (x) => t(`printing.types.${x.type}`) },
            { key: 'size', label: t('printing.templates.size'), cell: (x) => (
                <Text as="span" whiteSpace="nowrap">
                  {t('printing.templates.sizeValue', { width: format.number(x.width), height: format.number(x.height) })}
                </Text>
              ),
            },
            { key: 'description', label: t('printing.templates.description'), cell: (x) => templateDescription(t, x), hideOnCard: true },
            { key: 'updated', label: t('printing.templates.updated'), sort: 'updated_at', cell: (x) => format.dateTime(x.updated_at) },
          ]}
          actionsLabel={canWrite ? t('lists.actions') : undefined}
          actions={
            canWrite
              ? (x) =>
                  x.builtin ? (
                    <Button size="xs" variant="outline" loading={duplicate.busy === x.id} onClick={() => void duplicate.run(x)} data-testid={`label-template-duplicate-${x.id}`}>
                      {t('printing.templates.duplicate')}
                    </Button>
                  ) : (
                    <RowActions
                      name={x.name}
                      extra={[{ value: 'duplicate', label: t('printing.templates.duplicate'), testId: 'action-duplicate' }]}
                      onAction={(action) => {
                        if (action === 'edit') void navigate(editorPath(x.id));
                        else if (action === 'delete') setDeleting(x);
                        else void duplicate.run(x);
                      }}
                      testId={`label-template-actions-${x.id}`}
                    />
                  )
              : undefined
          }
        />
      )}
      {page && page.total > 0 ? <Pager page={page.page} perPage={page.per_page} total={page.total} onPage={list.setPage} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('printing.templates.deleteTitle')}
        text={t('printing.templates.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={removing.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListFrame>
  );
}
