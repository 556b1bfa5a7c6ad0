import type {
  JournalAcknowledgeInput,
  JournalAcknowledgeResult,
  JournalDiscardResult,
  JournalEntryDto,
  JournalFilter,
  JournalRetryResult,
  Page,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';

export type { JournalEntryDto };

/** Which entries the journal page shows: not yet acknowledged, or all. */
export type JournalView = 'open' | 'all';

export interface JournalArgs {
  companyID: number;
  view: JournalView;
  page: number;
  per_page: number;
}

/** The spec's filter (JSON list of field, operation, value): unacknowledged = acknowledged_at eq null. */
export function journalFilter(view: JournalView): string | undefined {
  const filter: JournalFilter[] = view === 'open' ? [{ field: 'acknowledged_at', operation: 'eq', value: null }] : [];
  return filter.length > 0 ? JSON.stringify(filter) : undefined;
}

/** `/api/v2/c/{companyID}/journal` (the journal is a v2 call). */
const journalUrl = (companyID: number, rest = '') => `/v2/c/${companyID}/journal${rest}`;

export const journalApi = api.injectEndpoints({
  endpoints: (build) => ({
    journal: build.query<Page<JournalEntryDto>, JournalArgs>({
      query: ({ companyID, view, page, per_page }) => ({ url: journalUrl(companyID), params: { filter: journalFilter(view), page, per_page } }),
      providesTags: [{ type: 'Journal', id: 'LIST' }],
    }),
    acknowledgeJournal: build.mutation<JournalAcknowledgeResult, { companyID: number; body: JournalAcknowledgeInput }>({
      query: ({ companyID, body }) => ({ url: journalUrl(companyID, '/acknowledge'), method: 'POST', body }),
      invalidatesTags: [{ type: 'Journal', id: 'LIST' }],
    }),
    /** A dead letter's event through its consumer again (staff); the entry goes when it was processed. */
    retryJournalEntry: build.mutation<JournalRetryResult, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: journalUrl(companyID, `/${id}/retry`), method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Journal', id: 'LIST' }],
    }),
    /** A dead letter's event given up for good (staff); the entry goes. */
    discardJournalEntry: build.mutation<JournalDiscardResult, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: journalUrl(companyID, `/${id}/discard`), method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Journal', id: 'LIST' }],
    }),
  }),
});

export const { useJournalQuery, useAcknowledgeJournalMutation, useRetryJournalEntryMutation, useDiscardJournalEntryMutation } = journalApi;
