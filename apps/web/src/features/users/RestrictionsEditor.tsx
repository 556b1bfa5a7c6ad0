import {
  Button,
  Card,
  Flex,
  Heading,
  IconButton,
  Input,
  List,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks';
import { useCustomersQuery } from '../customers';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { useDebounced } from '../../shared/lists/useDebounced';
import { Icon } from '../../shared/icons';
import { useSuppliersQuery } from '../suppliers';
import { userErrorText } from './userTexts';
import {
  type NamedRestrictionDto,
  type RestrictionKind,
  useAddRestrictionMutation,
  useCustomerLocationsQuery,
  useRemoveRestrictionMutation,
  useUserRestrictionsQuery,
} from './usersApi';

interface Option {
  id: number;
  name: string;
}

/** A search box and a list of matches (searched on the server), for picking one customer or supplier. */
function Picker({
  kind,
  options,
  value,
  onChange,
  search,
  onSearch,
  disabled,
}: {
  kind: string;
  options: Option[] | undefined;
  value: number | null;
  onChange: (id: number | null) => void;
  search?: string;
  onSearch?: (q: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap="2" wrap="wrap" flex="1">
      {onSearch ? (
        <Input
          size="sm"
          maxW="200px"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('users.restrictions.search')}
          aria-label={t('users.restrictions.search')}
          data-testid={`restriction-search-${kind}`}
        />
      ) : null}
      <NativeSelect.Root size="sm" maxW="280px" disabled={disabled}>
        <NativeSelect.Field
          aria-label={t('users.restrictions.choose')}
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
          data-testid={`restriction-pick-${kind}`}
        >
          <option value="">{t('users.restrictions.choose')}</option>
          {(options ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Flex>
  );
}

/** Picks a customer, or a supplier, from the catalog's lists (searched on the server). */
function useEntityOptions(kind: 'customer' | 'supplier', companyID: number, q: string) {
  const params = { companyID, all: true, q: q || undefined, sort: 'name' as const, per_page: 50 };
  const customers = useCustomersQuery(params, { skip: kind !== 'customer' });
  const suppliers = useSuppliersQuery(params, { skip: kind !== 'supplier' });
  return (kind === 'customer' ? customers.data : suppliers.data)?.items;
}

function AddRestriction({
  companyID,
  userID,
  kind,
}: {
  companyID: number;
  userID: number;
  kind: RestrictionKind;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [picked, setPicked] = useState<number | null>(null);
  const [customerID, setCustomerID] = useState<number | null>(null);
  const [add, { isLoading }] = useAddRestrictionMutation();
  const options = useEntityOptions(kind === 'supplier' ? 'supplier' : 'customer', companyID, q);
  // Locations: pick the customer first, then one of its locations (GET customer/{id}/location).
  const locations = useCustomerLocationsQuery(
    { companyID, customerID: customerID ?? 0 },
    { skip: kind !== 'location' || customerID === null },
  );
  const submit = () => {
    if (picked === null) return;
    const target =
      kind === 'customer'
        ? { customer_id: picked }
        : kind === 'location'
          ? { location_id: picked }
          : { supplier_id: picked };
    add({ companyID, user_id: userID, ...target })
      .unwrap()
      .then(() => {
        setPicked(null);
        dispatch(snackbarShown({ message: t('users.restrictions.added'), variant: 'success' }));
      })
      .catch((e: unknown) => dispatch(snackbarShown({ message: userErrorText(e, t), variant: 'error' })));
  };
  return (
    <Stack gap="2">
      <Flex gap="2" align="center" wrap="wrap">
        {kind === 'location' ? (
          <>
            <Picker
              kind="location-customer"
              options={options}
              value={customerID}
              onChange={(id) => {
                setCustomerID(id);
                setPicked(null);
              }}
              search={search}
              onSearch={setSearch}
            />
            <Picker
              kind="location"
              options={locations.data?.items}
              value={picked}
              onChange={setPicked}
              disabled={customerID === null || !locations.data}
            />
          </>
        ) : (
          <Picker
            kind={kind}
            options={options}
            value={picked}
            onChange={setPicked}
            search={search}
            onSearch={setSearch}
          />
        )}
        <Button
          size="sm"
          colorPalette="blue"
          disabled={picked === null}
          loading={isLoading}
          onClick={submit}
          data-testid={`restriction-add-${kind}`}
        >
          <Icon name="add" />
          {t('users.restrictions.add')}
        </Button>
      </Flex>
      {kind === 'location' && customerID !== null && locations.isError ? (
        <Text fontSize="sm" color="gray.600" data-testid="locations-unavailable">
          {t('users.restrictions.noLocations')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One kind of a user's access restrictions: the list with names, remove (after asking), add from the catalog's lists. */
function RestrictionSection({
  companyID,
  userID,
  kind,
  editable,
}: {
  companyID: number;
  userID: number;
  kind: RestrictionKind;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data, isLoading } = useUserRestrictionsQuery({ companyID, userID, kind });
  const [remove, { isLoading: removing }] = useRemoveRestrictionMutation();
  const [deleting, setDeleting] = useState<NamedRestrictionDto | null>(null);
  const label = (r: NamedRestrictionDto) =>
    r.name ?? t('users.restrictions.unknown', { id: r[`${kind}_id`] });
  const confirm = () => {
    if (!deleting) return;
    remove({ companyID, id: deleting.id, userID })
      .unwrap()
      .then(() =>
        dispatch(
          snackbarShown({
            message: t('users.restrictions.removed', { name: label(deleting) }),
            variant: 'success',
          }),
        ),
      )
      .catch((e: unknown) => dispatch(snackbarShown({ message: userErrorText(e, t), variant: 'error' })))
      .finally(() => setDeleting(null));
  };
  return (
    <Card.Root data-testid={`restrictions-${kind}`}>
      <Card.Header>
        <Heading as="h3" size="sm">
          {t(`users.restrictions.kinds.${kind}`)}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {data && data.length === 0 && !isLoading ? (
            <Text color="gray.600" fontSize="sm">
              {t('users.restrictions.none')}
            </Text>
          ) : null}
          <List.Root variant="plain" gap="1">
            {(data ?? []).map((r) => (
              <List.Item key={r.id} data-testid={`restriction-${kind}-${r[`${kind}_id`]}`}>
                <Flex align="center" gap="2">
                  <Text flex="1">{label(r)}</Text>
                  {editable ? (
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('users.restrictions.remove', { name: label(r) })}
                      onClick={() => setDeleting(r)}
                      data-testid={`restriction-remove-${r.id}`}
                    >
                      <Icon name="close" />
                    </IconButton>
                  ) : null}
                </Flex>
              </List.Item>
            ))}
          </List.Root>
          {editable ? <AddRestriction companyID={companyID} userID={userID} kind={kind} /> : null}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.restrictions.removeTitle')}
        text={t('users.restrictions.removeText', { name: deleting ? label(deleting) : '' })}
        confirmLabel={t('users.restrictions.removeConfirm')}
        busy={removing}
        onConfirm={confirm}
        onClose={() => setDeleting(null)}
      />
    </Card.Root>
  );
}

const KINDS: readonly RestrictionKind[] = ['customer', 'location', 'supplier'];

/** The access restrictions editor of the user detail page: per customer, location and supplier. */
export function RestrictionsEditor({
  companyID,
  userID,
  editable,
}: {
  companyID: number;
  userID: number;
  editable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {t('users.restrictions.title')}
      </Heading>
      <Text color="gray.600" fontSize="sm">
        {t('users.restrictions.explain')}
      </Text>
      {KINDS.map((kind) => (
        <RestrictionSection
          key={kind}
          companyID={companyID}
          userID={userID}
          kind={kind}
          editable={editable}
        />
      ))}
    </Stack>
  );
}
