import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';

export type RowAction = 'edit' | 'toggle' | 'delete';

/** The actions of a list row: edit, activate or deactivate (rows with an active state), delete. */
export function RowActions({
  name,
  inactive,
  onAction,
  testId,
}: {
  name: string;
  /** the row's state, for the activate/deactivate entry; rows without an active state leave it out */
  inactive?: boolean;
  onAction: (action: RowAction) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Menu.Root onSelect={(d) => onAction(d.value as RowAction)}>
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="xs"
          aria-label={t('lists.actionsFor', { name })}
          data-testid={testId}
        >
          <Icon name="dots" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit" data-testid="action-edit">
              {t('lists.edit')}
            </Menu.Item>
            {inactive === undefined ? null : (
              <Menu.Item value="toggle" data-testid="action-toggle">
                {t(inactive ? 'lists.activate' : 'lists.deactivate')}
              </Menu.Item>
            )}
            <Menu.Item value="delete" color="fg.error" data-testid="action-delete">
              {t('lists.delete')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
