import type { DecisionHistoryDto, FillHistoryDto, FillPeriod, KanbanRuleDto, KanbanRuleInput, Page, RuleRunReply, StockEventDto } from '@kanban/contracts';
import { api } from '../../shared/api/api';

export type { DecisionHistoryDto, FillHistoryDto, FillPeriod, KanbanRuleDto, KanbanRuleInput, RuleRunReply, StockEventDto };

const base = api.enhanceEndpoints({ addTagTypes: ['Rule', 'Order'] });

export interface RuleListParams {
  companyID: number;
  location_id?: number;
  customer_id?: number;
  all: boolean;
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

type RuleRef = { companyID: number; ruleID: number };

/** After a change the rule lists and, where a run may have ordered, the order lists are stale. */
const ruleAndOrders = [
  { type: 'Rule' as const, id: 'LIST' },
  { type: 'Order' as const, id: 'LIST' },
];

/** Kanban rules (`/c/{companyID}/rules`, docs/replenishment.md). */
export const rulesApi = base.injectEndpoints({
  endpoints: (build) => ({
    rules: build.query<Page<KanbanRuleDto>, RuleListParams>({
      query: ({ companyID, all, ...params }) => ({ url: `/c/${companyID}/rules`, params: { ...params, all: all ? 1 : 0 } }),
      providesTags: [{ type: 'Rule', id: 'LIST' }],
    }),
    createRule: build.mutation<KanbanRuleDto, { companyID: number; body: KanbanRuleInput }>({
      query: ({ companyID, body }) => ({ url: `/c/${companyID}/rules`, method: 'POST', body }),
      invalidatesTags: ruleAndOrders,
    }),
    updateRule: build.mutation<KanbanRuleDto, RuleRef & { body: KanbanRuleInput }>({
      query: ({ companyID, ruleID, body }) => ({ url: `/c/${companyID}/rules/${ruleID}`, method: 'PATCH', body }),
      invalidatesTags: ruleAndOrders,
    }),
    toggleRule: build.mutation<KanbanRuleDto, RuleRef & { active: boolean }>({
      query: ({ companyID, ruleID, active }) => ({ url: `/c/${companyID}/rules/${ruleID}/toggleActive`, params: { active: active ? 1 : 0 } }),
      invalidatesTags: ruleAndOrders,
    }),
    deleteRule: build.mutation<null, RuleRef & { confirm?: boolean }>({
      query: ({ companyID, ruleID, confirm }) => ({
        url: `/c/${companyID}/rules/${ruleID}`,
        method: 'DELETE',
        params: confirm ? { confirm: 1 } : undefined,
      }),
      invalidatesTags: ruleAndOrders,
    }),
    setStock: build.mutation<RuleRunReply, RuleRef & { stock: number }>({
      query: ({ companyID, ruleID, stock }) => ({ url: `/c/${companyID}/rules/${ruleID}/stock`, method: 'POST', body: { stock } }),
      invalidatesTags: ruleAndOrders,
    }),
    /** The rule's decision history (why each run ordered or did not), newest first. */
    ruleDecisions: build.query<Page<DecisionHistoryDto>, RuleRef & { page: number; per_page: number }>({
      query: ({ companyID, ruleID, ...params }) => ({ url: `/c/${companyID}/rules/${ruleID}/decisions`, params }),
      providesTags: [{ type: 'Rule', id: 'LIST' }],
    }),
    /** The rule's stock history (entries, scans, changes), newest first. */
    ruleStock: build.query<Page<StockEventDto>, RuleRef & { page: number; per_page: number }>({
      query: ({ companyID, ruleID, ...params }) => ({ url: `/c/${companyID}/rules/${ruleID}/stock`, params }),
      providesTags: [{ type: 'Rule', id: 'LIST' }],
    }),
    /** The rule's fill level over a period: stock changes, orders, threshold, capacity, its bin's readings (docs/storages.md "Fill level"). */
    ruleFill: build.query<FillHistoryDto, RuleRef & { period: FillPeriod }>({
      query: ({ companyID, ruleID, period }) => ({ url: `/c/${companyID}/rules/${ruleID}/fill`, params: { period } }),
      providesTags: [{ type: 'Rule', id: 'LIST' }],
    }),
    executeRule: build.mutation<RuleRunReply, RuleRef>({
      query: ({ companyID, ruleID }) => ({ url: `/c/${companyID}/rules/${ruleID}/execute` }),
      invalidatesTags: ruleAndOrders,
    }),
  }),
});

export const {
  useRulesQuery,
  useCreateRuleMutation,
  useUpdateRuleMutation,
  useToggleRuleMutation,
  useDeleteRuleMutation,
  useSetStockMutation,
  useExecuteRuleMutation,
  useRuleDecisionsQuery,
  useRuleStockQuery,
  useRuleFillQuery,
} = rulesApi;
