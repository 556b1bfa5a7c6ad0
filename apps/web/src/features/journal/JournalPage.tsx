import { Button, ButtonGroup, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useParams } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { Pager } from '../../shared/lists/ListControls';
import {
  type JournalView,
  useAcknowledgeJournalMutation,
  useDiscardJournalEntryMutation,
  useJournalQuery,
  useRetryJournalEntryMutation,
} from './journalApi';
import { JournalTable } from './JournalTable';
import { useRowSelection } from '../../shared/lists/useRowSelection';

const PER_PAGE = 25;

/**
 * /c/{companyID}/journal: errors of runs and transmissions (journal codes 2000-2007), unacknowledged or all,
 * paged on the server; acknowledging the selected entries or all of them asks first. Dead letters (events a service
 * could not process) offer "Retry now" and "Discard" (which asks first).
 */
export function JournalPage() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const companyID = Number(useParams().companyID);
  const [view, setView] = useState<JournalView>('open');
  const [page, setPage] = useState(1);
  const { selected, toggle, clear, allSelected } = useRowSelection();
  const [confirm, setConfirm] = useState<'selected' | 'all' | null>(null);
  const { data, error, isFetching } = useJournalQuery({ companyID, view, page, per_page: PER_PAGE });
  const [acknowledge, { isLoading: acknowledging, error: acknowledgeError }] = useAcknowledgeJournalMutation();
  const [retry, { isLoading: retrying, error: retryError }] = useRetryJournalEntryMutation();
  const [discard, { isLoading: discarding, error: discardError }] = useDiscardJournalEntryMutation();
  const [toDiscard, setToDiscard] = useState<number | null>(null);
  const items = data?.items ?? [];
  const open = items.filter((e) => e.acknowledged_at === null);

  const changeView = (next: JournalView) => {
    setView(next);
    setPage(1);
    clear();
  };
  const run = async () => {
    const body = confirm === 'all' ? { all: true } : { ids: [...selected] };
    try {
      const result = await acknowledge({ companyID, body }).unwrap();
      dispatch(snackbarShown({ message: t('journal.acknowledged', { count: result.acknowledged }), variant: 'success' }));
      clear();
    } finally {
      setConfirm(null);
    }
  };
  const retryNow = async (id: number) => {
    const result = await retry({ companyID, id }).unwrap().catch(() => null);
    if (!result) return;
    dispatch(
      result.retried
        ? snackbarShown({ message: t('journal.retried'), variant: 'success' })
        : snackbarShown({ message: t('journal.retryFailed', { message: result.error?.message ?? '' }), variant: 'error' }),
    );
  };
  const discardNow = async () => {
    if (toDiscard === null) return;
    try {
      await discard({ companyID, id: toDiscard }).unwrap();
      dispatch(snackbarShown({ message: t('journal.discarded'), variant: 'success' }));
    } catch {
      // shown by the ErrorBox above the table
    } finally {
      setToDiscard(null);
    }
  };
  const allOnPage = allSelected(open);

  return (
    <Stack gap="4" data-testid="journal-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('journal.title')}
        </Heading>
        {/* bulk actions only with something to act on: a selection, unacknowledged entries */}
        <Flex gap="2" wrap="wrap">
          {selected.size > 0 ? (
            <Button variant="outline" onClick={() => setConfirm('selected')} data-testid="journal-ack-selected">
              {t('journal.acknowledgeSelected', { count: selected.size })}
            </Button>
          ) : null}
          {(view === 'open' ? (data?.total ?? 0) > 0 : open.length > 0) ? (
            <Button colorPalette="blue" onClick={() => setConfirm('all')} data-testid="journal-ack-all">
              {t('journal.acknowledgeAll')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <ButtonGroup size="sm" attached variant="outline" role="group" aria-label={t('journal.title')} data-testid="journal-view">
              {(['open', 'all'] as const).map((v) => (
                <Button key={v} variant={view === v ? 'solid' : 'outline'} aria-pressed={view === v} onClick={() => changeView(v)} data-testid={`journal-view-${v}`}>
                  {t(`journal.view.${v}`)}
                </Button>
              ))}
            </ButtonGroup>
            {error ? <ErrorBox error={error} /> : null}
            {acknowledgeError ? <ErrorBox error={acknowledgeError} /> : null}
            {retryError ? <ErrorBox error={retryError} /> : null}
            {discardError ? <ErrorBox error={discardError} /> : null}
            {items.length === 0 && !isFetching ? (
              <Text color="gray.600" data-testid="journal-empty">
                {view === 'open' ? t('journal.emptyOpen') : t('journal.empty')}
              </Text>
            ) : (
              <JournalTable
                items={items}
                open={open}
                isFetching={isFetching}
                selected={selected}
                allOnPage={allOnPage}
                toggle={toggle}
                retrying={retrying}
                discarding={discarding}
                onRetry={(id) => void retryNow(id)}
                onDiscard={setToDiscard}
              />
            )}
            {data && data.total > 0 ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} /> : null}
          </Stack>
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={confirm !== null}
        title={t('journal.confirmTitle')}
        text={confirm === 'all' ? t('journal.confirmAll') : t('journal.confirmSelected', { count: selected.size })}
        confirmLabel={t('journal.acknowledge')}
        tone="positive"
        busy={acknowledging}
        onConfirm={() => void run()}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={toDiscard !== null}
        title={t('journal.confirmDiscardTitle')}
        text={t('journal.confirmDiscard', { id: toDiscard ?? '' })}
        confirmLabel={t('journal.discard')}
        busy={discarding}
        onConfirm={() => void discardNow()}
        onClose={() => setToDiscard(null)}
      />
    </Stack>
  );
}
