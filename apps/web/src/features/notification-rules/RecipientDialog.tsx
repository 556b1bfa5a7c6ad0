import { Checkbox, Input, Stack } from '@chakra-ui/react';
import { NOTIFICATION_RULE_LIMITS, RECIPIENT_KINDS, type RecipientKind } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactsQuery } from '../contacts';
import { useUsersQuery } from '../users';
import { FormDialog } from '../../shared/forms/FormDialog';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { emailError, isValid } from '../../shared/forms/validation';
import { useDebounced } from '../../shared/lists/useDebounced';
import { type RuleOwner, useAddRuleRecipientMutation } from './notificationRulesApi';

const PICK_MAX = 100;

/**
 * Adds a recipient to a rule: a contact of the rule's customer (or supplier), a member of the company, or an e-mail
 * address with a name; "cc" sends the mail as a copy.
 */
export function RecipientDialog({
  owner,
  ruleID,
  onClose,
}: {
  owner: RuleOwner;
  ruleID: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [add] = useAddRuleRecipientMutation();
  const form = useForm({ kind: 'contact', contact_id: '', user_id: '', email: '', name: '' });
  const [cc, setCc] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim()) || undefined;
  const kind = form.values.kind as RecipientKind;
  const contactOwner = owner.supplierID
    ? { companyID: owner.companyID, kind: 'supplier' as const, id: owner.supplierID }
    : { companyID: owner.companyID, kind: 'customer' as const, id: owner.customerID ?? 0 };
  const contacts = useContactsQuery(
    { owner: contactOwner, q, sort: 'name', per_page: PICK_MAX },
    { skip: kind !== 'contact' },
  );
  const users = useUsersQuery(
    { companyID: owner.companyID, restricted: false, q, sort: 'last_name', per_page: PICK_MAX },
    { skip: kind !== 'user' },
  );
  const errors = {
    contact_id: kind === 'contact' && !form.values.contact_id ? 'validation.required' : undefined,
    user_id: kind === 'user' && !form.values.user_id ? 'validation.required' : undefined,
    email: kind === 'email' ? emailError(form.values.email) : undefined,
  };
  const submit = () =>
    form.submit(async () => {
      const body =
        kind === 'contact'
          ? { kind, contact_id: Number(form.values.contact_id), cc }
          : kind === 'user'
            ? { kind, user_id: Number(form.values.user_id), cc }
            : { kind, email: form.values.email.trim(), name: form.values.name, cc };
      await add({ owner, ruleID, body }).unwrap();
      onClose();
    });
  const choose = (label: string) => [{ value: '', label }];
  const contactOptions = choose(t('notificationRules.recipient.chooseContact')).concat(
    (contacts.data?.items ?? []).map((c) => ({
      value: String(c.id),
      label: [[c.first_name, c.name].filter(Boolean).join(' '), c.email].filter(Boolean).join(' · '),
    })),
  );
  const userOptions = choose(t('notificationRules.recipient.chooseUser')).concat(
    (users.data?.items ?? []).map((u) => ({
      value: String(u.id),
      label: [[u.first_name, u.last_name].filter(Boolean).join(' '), u.email].filter(Boolean).join(' · '),
    })),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('notificationRules.recipient.add')}
      testId="recipient-dialog"
      submitLabel={t('notificationRules.recipient.addButton')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
      size="md"
    >
      <Stack gap="3">
        <SelectField
          name="kind"
          label={t('notificationRules.recipient.kind')}
          value={form.values.kind}
          onChange={(v) => {
            form.set('kind')(v);
            setSearch('');
          }}
          options={RECIPIENT_KINDS.map((k) => ({
            value: k,
            label: t(`notificationRules.recipient.kinds.${k}`),
          }))}
          error={form.field('kind').serverError}
        />
        {kind === 'contact' || kind === 'user' ? (
          <Input
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('notificationRules.recipient.search')}
            aria-label={t('notificationRules.recipient.search')}
            data-testid="recipient-search"
          />
        ) : null}
        {kind === 'contact' ? (
          <SelectField
            name="contact_id"
            label={t('notificationRules.recipient.kinds.contact')}
            value={form.values.contact_id}
            onChange={form.set('contact_id')}
            options={contactOptions}
            required
            error={form.field('contact_id').serverError}
          />
        ) : null}
        {kind === 'user' ? (
          <SelectField
            name="user_id"
            label={t('notificationRules.recipient.kinds.user')}
            value={form.values.user_id}
            onChange={form.set('user_id')}
            options={userOptions}
            required
            error={form.field('user_id').serverError}
          />
        ) : null}
        {kind === 'email' ? (
          <>
            <TextField
              {...form.field('email')}
              label={t('notificationRules.recipient.email')}
              error={errors.email}
              type="email"
              required
              maxLength={NOTIFICATION_RULE_LIMITS.email}
            />
            <TextField
              {...form.field('name')}
              label={t('notificationRules.recipient.name')}
              maxLength={NOTIFICATION_RULE_LIMITS.emailName}
            />
          </>
        ) : null}
        <Checkbox.Root
          checked={cc}
          onCheckedChange={(e) => setCc(e.checked === true)}
          name="cc"
          data-testid="recipient-cc"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('notificationRules.recipient.cc')}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </FormDialog>
  );
}
