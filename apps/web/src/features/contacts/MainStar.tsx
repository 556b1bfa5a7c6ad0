import { IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { Icon } from '../../shared/icons';
import { type ContactDto, type ContactOwner, useSetMainContactMutation } from './contactsApi';

/** The main-contact star: filled for the main contact; writers click an empty star to make it the main one. */
export function MainStar({
  owner,
  contact,
  canWrite,
}: {
  owner: ContactOwner;
  contact: ContactDto;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [setMain, { isLoading }] = useSetMainContactMutation();
  const label = contact.main ? t('contacts.isMain') : t('contacts.makeMain', { name: contact.name });
  const click = () =>
    setMain({ owner, contactID: contact.id })
      .unwrap()
      .then(() =>
        dispatch(
          snackbarShown({ message: t('contacts.mainSet', { name: contact.name }), variant: 'success' }),
        ),
      )
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })));
  return (
    <IconButton
      variant="ghost"
      size="xs"
      aria-label={label}
      title={label}
      aria-pressed={contact.main}
      disabled={!canWrite || contact.main || isLoading}
      onClick={click}
      color={contact.main ? 'yellow.500' : 'gray.400'}
      data-testid={`contact-main-${contact.id}`}
    >
      <Icon name="star" filled={contact.main} />
    </IconButton>
  );
}
