import { Field, IconButton, Input, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ItemDto } from '../items';
import { Icon } from '../../shared/icons';

/** A line of the new order: the item, a quantity in its order unit (as typed) and the unit. */
export interface Line {
  item: ItemDto;
  quantity: string;
  unit: string;
}

/** A failed line check: which line and field (`lines[2].quantity`), and the translated text. */
export interface LineFailure {
  index: number;
  field: string;
  text: string;
}

/** The line and field a server error names (`lines[i].field`), if it names one. */
export function lineFieldOf(field: string | undefined): { index: number; field: string } | null {
  const match = /^lines\[(\d+)\]\.(\w+)$/.exec(field ?? '');
  return match ? { index: Number(match[1]), field: match[2]! } : null;
}

/** The lines of the new order: quantity and unit to edit, the item's constraints, a failed check at its field. */
export function OrderNewLines({
  lines,
  failure,
  onChange,
  onRemove,
}: {
  lines: Line[];
  failure: LineFailure | null;
  onChange: (index: number, patch: Partial<Line>) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const errorAt = (index: number, field: string) => (failure && failure.index === index && failure.field === field ? failure.text : undefined);
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="ordernew-lines">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('orders.sku')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('orders.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('orders.constraints')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('orders.quantity')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('orders.unit')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line, index) => {
            const itemError = errorAt(index, 'item_id') ?? errorAt(index, 'sku');
            return (
              <Table.Row key={line.item.id} data-testid={`ordernew-line-${index}`}>
                <Table.Cell>{line.item.sku}</Table.Cell>
                <Table.Cell>
                  {line.item.name}
                  {itemError ? (
                    <Text color="red.600" fontSize="sm" data-testid={`ordernew-line-${index}-error`}>
                      {itemError}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell fontSize="xs" color="gray.600">
                  {t('orders.constraintText', {
                    moq: line.item.min_order_quantity,
                    mxoq: line.item.max_order_quantity || '–',
                    increment: line.item.order_quantity_increment,
                  })}
                </Table.Cell>
                <Table.Cell>
                  <Field.Root invalid={Boolean(errorAt(index, 'quantity')) || !(Number(line.quantity) > 0)}>
                    <Input
                      size="sm"
                      maxW="120px"
                      inputMode="decimal"
                      value={line.quantity}
                      onChange={(e) => onChange(index, { quantity: e.target.value.replace(',', '.') })}
                      aria-label={t('orders.quantityOf', { sku: line.item.sku })}
                      data-testid={`ordernew-quantity-${index}`}
                    />
                    {errorAt(index, 'quantity') ? (
                      <Field.ErrorText data-testid={`ordernew-line-${index}-error`}>{errorAt(index, 'quantity')}</Field.ErrorText>
                    ) : null}
                  </Field.Root>
                </Table.Cell>
                <Table.Cell>
                  <Field.Root invalid={Boolean(errorAt(index, 'unit'))}>
                    <Input
                      size="sm"
                      maxW="100px"
                      value={line.unit}
                      onChange={(e) => onChange(index, { unit: e.target.value })}
                      aria-label={t('orders.unitOf', { sku: line.item.sku })}
                      data-testid={`ordernew-unit-${index}`}
                    />
                    {errorAt(index, 'unit') ? <Field.ErrorText data-testid={`ordernew-line-${index}-error`}>{errorAt(index, 'unit')}</Field.ErrorText> : null}
                  </Field.Root>
                </Table.Cell>
                <Table.Cell>
                  <IconButton size="xs" variant="ghost" aria-label={t('orders.removeLine', { sku: line.item.sku })} onClick={() => onRemove(index)}>
                    <Icon name="close" />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
