import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';

export type RowAction = 'edit' | 'toggle' | 'delete';

/** A further entry of a row's menu (an item's "Images", "Pause"): its action, words and test id. */
export interface RowMenuEntry<A extends string = string> {
  value: A;
  label: string;
  testId: string;
  /** after the activate/deactivate entry (default: right after "Edit") */
  afterToggle?: boolean;
}

/**
 * The actions of a list row as a menu behind a "⋯" button: edit, further entries of the list, activate or deactivate
 * (rows with an active state), delete (red). The menu's entries keep their test ids (`action-edit`, `action-toggle`,
 * `action-delete`, the entries' own), the button the row's (`testId`).
 */
export function RowActions<A extends string = never>({
  name,
  inactive,
  toggleLabel,
  extra = [],
  onAction,
  testId,
}: {
  name: string;
  /** the row's state, for the activate/deactivate entry; rows without an active state leave it out */
  inactive?: boolean;
  /** the words of the activate/deactivate entry when the list has its own ("Enable" / "Disable" an item) */
  toggleLabel?: string;
  extra?: RowMenuEntry<A>[];
  onAction: (action: RowAction | A) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const entry = (e: RowMenuEntry<A>) => (
    <Menu.Item key={e.value} value={e.value} data-testid={e.testId}>
      {e.label}
    </Menu.Item>
  );
  return (
    <Menu.Root onSelect={(d) => onAction(d.value as RowAction | A)}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="xs" aria-label={t('lists.actionsFor', { name })} data-testid={testId}>
          <Icon name="dots" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit" data-testid="action-edit">
              {t('lists.edit')}
            </Menu.Item>
            {extra.filter((e) => !e.afterToggle).map(entry)}
            {inactive === undefined ? null : (
              <Menu.Item value="toggle" data-testid="action-toggle">
                {toggleLabel ?? t(inactive ? 'lists.activate' : 'lists.deactivate')}
              </Menu.Item>
            )}
            {extra.filter((e) => e.afterToggle).map(entry)}
            <Menu.Item value="delete" color="fg.error" data-testid="action-delete">
              {t('lists.delete')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
