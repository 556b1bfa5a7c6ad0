import { AccessGroup, hasRole, Role } from '@kanban/access';
import { Box, Button, Card, DataList, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { useFormat } from '../../i18n/useFormat';
import { useUnitName } from '../settings';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { SupplierHeader } from '../headers';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { useViewer } from '../../shared/session/useViewer';
import { SupplyStatusBadge } from './SupplyStatusBadge';
import { type SupplyDto, useSetSupplyDeliveredMutation, useSupplyQuery } from './suppliesApi';

type SupplyLine = NonNullable<SupplyDto['lines']>[number];

/** What is to be taken back (asked first): the whole supply (pos undefined) or one line. */
interface TakeBack {
  pos?: number;
  label: string;
}

/**
 * /c/{companyID}/supplier/{supplierID}/supply/{supplyID}: a supply with its lines. Users who may mark it
 * (not read-only) mark the whole supply or single lines delivered ("geliefert") and take them back ("noch nicht
 * geliefert"), which asks first; the order follows (docs/supplies.md).
 */
export function SupplyDetailPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const units = useUnitName();
  const dispatch = useAppDispatch();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const supplyID = Number(params.supplyID);
  const role = useViewer().role;
  const canMark = hasRole(role, AccessGroup.supplier) && role !== Role.Readonly;
  const { data: supply, error } = useSupplyQuery({ companyID, supplierID, supplyID });
  const [setDelivered, { isLoading: busy }] = useSetSupplyDeliveredMutation();
  const [takingBack, setTakingBack] = useState<TakeBack | null>(null);

  const mark = (delivered: boolean, pos?: number) =>
    setDelivered({ companyID, supplierID, supplyID, pos, delivered })
      .unwrap()
      .then((now: SupplyDto) => {
        const key = delivered ? 'supplies.markedDelivered' : 'supplies.takenBack';
        dispatch(snackbarShown({ message: t(key, { what: pos === undefined ? t('supplies.orderNumber', { id: now.order_id }) : t('supplies.linePos', { pos }) }), variant: 'success' }));
      })
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setTakingBack(null));

  const row = (label: string, value: string | number) => (
    <DataList.Item key={label}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value === '' ? '–' : value}</DataList.ItemValue>
    </DataList.Item>
  );

  const lineColumns: DataColumn<SupplyLine>[] = [
    { key: 'pos', label: t('supplies.fields.pos'), cell: (line) => line.pos },
    { key: 'sku', label: t('supplies.fields.sku'), cell: (line) => line.sku, cellProps: { fontFamily: 'mono' } },
    { key: 'name', label: t('supplies.fields.name'), cell: (line) => line.name },
    { key: 'quantity', label: t('supplies.fields.quantity'), align: 'end', cell: (line) => format.number(line.quantity) },
    { key: 'unit', label: t('supplies.fields.unit'), cell: (line) => <span title={line.unit}>{units.name(line.unit)}</span> },
    { key: 'shipping', label: t('supplies.fields.shipping'), cell: (line) => format.date(line.shipping) },
    {
      key: 'state',
      label: t('lists.status'),
      testId: (line) => `supply-line-${line.pos}-state`,
      cell: (line) => (
        <>
          <SupplyStatusBadge status={line.delivered ? 'delivered' : 'open'} />
          {line.delivered_at ? (
            <Text as="span" fontSize="xs" color="gray.600" ms="2">
              {format.dateTime(line.delivered_at)}
            </Text>
          ) : null}
        </>
      ),
    },
  ];
  /** A line's action: mark it delivered, or take the delivery back (asks first). */
  const lineAction = (line: SupplyLine) =>
    line.delivered ? (
      <Button
        size="xs"
        variant="outline"
        colorPalette="gray"
        disabled={busy}
        onClick={() => setTakingBack({ pos: line.pos, label: t('supplies.linePos', { pos: line.pos }) })}
        data-testid={`supply-line-${line.pos}-take-back`}
      >
        {t('supplies.takeBack')}
      </Button>
    ) : (
      <Button size="xs" colorPalette="green" disabled={busy} onClick={() => void mark(true, line.pos)} data-testid={`supply-line-${line.pos}-deliver`}>
        {t('supplies.markDelivered')}
      </Button>
    );

  return (
    <Stack gap="4" data-testid="supply-detail">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      <Box>
        <RouterLink to={`/c/${companyID}/supplier/${supplierID}/supply`}>
          <Text as="span" color="blue.700">
            {t('supplies.back')}
          </Text>
        </RouterLink>
      </Box>
      {error ? <ErrorBox error={error} entity="supply" /> : null}
      {supply ? (
        <>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="xl" data-testid="supply-title">
              {t('supplies.detailTitle', { id: supply.order_id })} <SupplyStatusBadge status={supply.status} testId="supply-status" />
            </Heading>
            {canMark ? (
              supply.delivered ? (
                <Button variant="outline" colorPalette="gray" loading={busy} onClick={() => setTakingBack({ label: t('supplies.orderNumber', { id: supply.order_id }) })} data-testid="supply-take-back">
                  {t('supplies.takeBack')}
                </Button>
              ) : (
                <Button colorPalette="green" loading={busy} onClick={() => void mark(true)} data-testid="supply-mark-delivered">
                  {t('supplies.markDelivered')}
                </Button>
              )
            ) : null}
          </Flex>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
            <Card.Root>
              <Card.Body>
                <DataList.Root orientation="horizontal">
                  {row(t('supplies.fields.order'), supply.order_id)}
                  {row(t('supplies.fields.customer'), supply.customer)}
                  {row(t('supplies.fields.location'), supply.location)}
                  {row(t('supplies.fields.supplier'), supply.supplier)}
                  {row(t('supplies.fields.catalogExtId'), supply.catalog_ext_id)}
                </DataList.Root>
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Body>
                <DataList.Root orientation="horizontal">
                  {row(t('supplies.fields.date'), format.date(supply.date))}
                  {row(t('supplies.fields.shipping'), format.date(supply.shipping))}
                  {row(t('supplies.fields.lines'), t('supplies.linesDelivered', { delivered: supply.delivered_count, total: supply.line_count }))}
                  {row(t('supplies.fields.deliveredAt'), supply.delivered_at ? format.dateTime(supply.delivered_at) : '')}
                </DataList.Root>
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('supplies.lines')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <DataTable
                label={t('supplies.lines')}
                testId="supply-lines"
                rows={supply.lines ?? []}
                rowKey={(line) => line.pos}
                rowTestId={(line) => `supply-line-${line.pos}`}
                columns={lineColumns}
                actionsLabel={canMark ? t('lists.actions') : undefined}
                actions={canMark ? lineAction : undefined}
              />
            </Card.Body>
          </Card.Root>
        </>
      ) : null}
      <ConfirmDialog
        open={takingBack !== null}
        title={t('supplies.takeBackTitle')}
        text={t('supplies.takeBackText', { what: takingBack?.label ?? '' })}
        confirmLabel={t('supplies.takeBack')}
        tone="positive"
        busy={busy}
        onConfirm={() => void mark(false, takingBack?.pos)}
        onClose={() => setTakingBack(null)}
      />
    </Stack>
  );
}
