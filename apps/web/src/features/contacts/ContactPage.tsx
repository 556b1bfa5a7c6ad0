import { Badge, Button, Card, DataList, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { useViewer } from '../../shared/session/useViewer';
import { ChangeLogPanel } from './ChangeLogPanel';
import { ContactDialog } from './ContactDialog';
import { fullName, OwnerHeader } from './ContactsPage';
import { useContactQuery, useContactRulesQuery, useDeleteContactMutation } from './contactsApi';
import { MainStar } from './MainStar';
import { useContactOwner } from './useContactOwner';

/** .../contacts/{contactID}: the contact's data, the rules naming it, and its change log. */
export function ContactPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const owner = useContactOwner();
  const contactID = Number(useParams().contactID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const { data: contact, error } = useContactQuery({ owner, contactID });
  const { data: rules } = useContactRulesQuery({ owner, contactID });
  const [remove, { isLoading: removing }] = useDeleteContactMutation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const listUrl = `/c/${owner.companyID}/${owner.kind}/${owner.id}/contacts`;
  const confirmDelete = () =>
    remove({ owner, contactID })
      .unwrap()
      .then(() => {
        dispatch(
          snackbarShown({
            message: t('contacts.deleted', { name: contact ? fullName(contact) : '' }),
            variant: 'success',
          }),
        );
        void navigate(listUrl);
      })
      .catch((e: unknown) => {
        setDeleting(false);
        dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
      });
  const row = (label: string, value: string) => (
    <DataList.Item key={label}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value === '' ? '–' : value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="4" data-testid="contact-page">
      <OwnerHeader owner={owner} />
      {error ? <ErrorBox error={error} entity="contact" /> : null}
      {contact ? (
        <Card.Root maxW="820px">
          <Card.Header>
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Flex align="center" gap="2">
                <MainStar owner={owner} contact={contact} canWrite={canWrite} />
                <Heading as="h1" size="lg" data-testid="contact-name">
                  {fullName(contact)}
                </Heading>
                {contact.main ? <Badge colorPalette="yellow">{t('contacts.main')}</Badge> : null}
              </Flex>
              {canWrite ? (
                <Flex gap="2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(true)}
                    data-testid="contact-edit"
                  >
                    {t('lists.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setDeleting(true)}
                    data-testid="contact-delete"
                  >
                    {t('lists.delete')}
                  </Button>
                </Flex>
              ) : null}
            </Flex>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal">
              {row(t('contacts.fields.salutation_line'), contact.salutation_line)}
              {row(
                t('contacts.fields.gender'),
                t(`contacts.gender.${contact.gender === '' ? 'none' : contact.gender}`),
              )}
              {row(t('contacts.fields.job_title'), contact.job_title)}
              {row(t('contacts.fields.email'), contact.email)}
              {row(t('contacts.fields.tel_office'), contact.tel_office)}
              {row(t('contacts.fields.tel_mobile'), contact.tel_mobile)}
              {row(t('contacts.fields.ext_system_id'), contact.ext_system_id)}
              {rules && rules.length > 0
                ? row(t('contacts.rules'), rules.map((r) => r.rule_name).join(', '))
                : null}
            </DataList.Root>
            {rules && rules.length === 0 ? (
              <Text mt="2" fontSize="sm" color="gray.600">
                {t('contacts.noRules')}
              </Text>
            ) : null}
          </Card.Body>
        </Card.Root>
      ) : null}
      {contact ? <ChangeLogPanel owner={owner} entity={{ kind: 'contact', id: contact.id }} /> : null}
      {editing && contact ? (
        <ContactDialog owner={owner} contact={contact} onClose={() => setEditing(false)} />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={t('contacts.deleteTitle')}
        text={t('contacts.deleteText', { name: contact ? fullName(contact) : '' })}
        confirmLabel={t('lists.delete')}
        busy={removing}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
