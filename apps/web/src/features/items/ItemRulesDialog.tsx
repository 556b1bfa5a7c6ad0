import { Badge, Button, Dialog, Portal, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ItemRuleRef } from './itemsApi';

/**
 * The kanban rules that use an item, from the server's 1007 answer (spec 4): before disabling it the user
 * sees them and may disable anyway (`onConfirm`); before deleting it they must go first (no confirm).
 */
export function ItemRulesDialog({
  open,
  purpose,
  name,
  rules,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  purpose: 'disable' | 'delete';
  name: string;
  rules: ItemRuleRef[];
  busy?: boolean;
  onConfirm?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} role="alertdialog" placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="item-rules-dialog">
            <Dialog.Header>
              <Dialog.Title>{t(purpose === 'disable' ? 'items.rules.disableTitle' : 'items.rules.deleteTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">{t(purpose === 'disable' ? 'items.rules.disableText' : 'items.rules.deleteText', { name })}</Text>
              <Table.Root size="sm" aria-label={t('items.rules.caption', { name })}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('items.rules.location')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('items.rules.threshold')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('items.rules.capacity')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('items.rules.stock')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('items.rules.state')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rules.map((rule) => (
                    <Table.Row key={rule.id} data-testid={`item-rule-${rule.id}`}>
                      <Table.Cell>{rule.location_name}</Table.Cell>
                      <Table.Cell textAlign="end">{rule.threshold}</Table.Cell>
                      <Table.Cell textAlign="end">{rule.capacity}</Table.Cell>
                      <Table.Cell textAlign="end">{rule.stock}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={rule.active ? 'green' : 'gray'} variant="subtle">
                          {t(rule.active ? 'lists.active' : 'lists.inactive')}
                        </Badge>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t(purpose === 'disable' ? 'common.cancel' : 'common.close')}
              </Button>
              {purpose === 'disable' && onConfirm ? (
                <Button colorPalette="red" onClick={onConfirm} loading={busy} data-testid="item-rules-confirm">
                  {t('items.rules.disableAnyway')}
                </Button>
              ) : null}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
