import type {
  NotificationEvent,
  NotificationRecipientDto,
  NotificationRecipientInput,
  NotificationRuleDto,
  NotificationRuleInput,
  NotificationRuleSort,
  NotificationRuleResponsesResult,
  NotificationRuleTriggerResult,
  NotificationRuleType,
  Page,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type {
  NotificationEvent,
  NotificationRecipientDto,
  NotificationRecipientInput,
  NotificationRuleDto,
  NotificationRuleInput,
  NotificationRuleSort,
  NotificationRuleTriggerResult,
  NotificationRuleType,
};

/** Whose rules: a customer (with or without one of its locations) or a supplier of the company. */
export interface RuleOwner {
  companyID: number;
  customerID?: number;
  locationID?: number;
  supplierID?: number;
}

export type RuleOwnerKind = 'customer' | 'location' | 'supplier';

export function ownerKind(owner: RuleOwner): RuleOwnerKind {
  if (owner.supplierID) return 'supplier';
  return owner.locationID ? 'location' : 'customer';
}

/** The API path of the owner's rules (`suffix` after `notificationrule`). */
export function rulePath(owner: RuleOwner, suffix = ''): string {
  return apiPath(owner, `notificationrule${suffix}`);
}

export interface RuleListArgs {
  q?: string;
  event?: NotificationEvent;
  type?: NotificationRuleType;
  /** '1' active only, '0' inactive only */
  active?: boolean;
  sort?: NotificationRuleSort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

/** The query parameters of a list call (booleans as 0/1, as the API reads them). */
function listParams({ active, ...rest }: RuleListArgs & { all?: boolean }): Record<string, string | number> {
  const { all, ...params } = rest;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = v as string | number;
  if (active !== undefined) out.active = active ? 1 : 0;
  if (all !== undefined) out.all = all ? 1 : 0;
  return out;
}

const LIST = { type: 'NotificationRule' as const, id: 'LIST' };
const ruleTag = (id: number) => ({ type: 'NotificationRule' as const, id });

/** Notification rules and their recipients (notifications service; docs/notification-rules.md). */
export const notificationRulesApi = api
  .enhanceEndpoints({ addTagTypes: ['NotificationRule', 'Order', 'Journal'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** the company's overview: every rule of every customer, location and supplier (read only) */
      companyNotificationRules: build.query<Page<NotificationRuleDto>, RuleListArgs & { companyID: number }>({
        query: ({ companyID, ...args }) => ({
          url: apiPath({ companyID }, 'notificationrule'),
          params: listParams(args),
        }),
        providesTags: [LIST],
      }),
      /** the owner's rules; `all` adds the locations' rules (customer) or the customer's rules that apply (location) */
      notificationRules: build.query<
        Page<NotificationRuleDto>,
        RuleListArgs & { owner: RuleOwner; all?: boolean }
      >({
        query: ({ owner, ...args }) => ({ url: rulePath(owner), params: listParams(args) }),
        providesTags: [LIST],
      }),
      notificationRule: build.query<NotificationRuleDto, { owner: RuleOwner; ruleID: number }>({
        query: ({ owner, ruleID }) => rulePath(owner, `/${ruleID}`),
        providesTags: (_r, _e, { ruleID }) => [ruleTag(ruleID)],
      }),
      createNotificationRule: build.mutation<
        NotificationRuleDto,
        { owner: RuleOwner; body: NotificationRuleInput }
      >({
        query: ({ owner, body }) => ({ url: rulePath(owner), method: 'POST', body }),
        invalidatesTags: [LIST],
      }),
      updateNotificationRule: build.mutation<
        NotificationRuleDto,
        { owner: RuleOwner; ruleID: number; body: NotificationRuleInput }
      >({
        query: ({ owner, ruleID, body }) => ({ url: rulePath(owner, `/${ruleID}`), method: 'PATCH', body }),
        invalidatesTags: (_r, _e, { ruleID }) => [LIST, ruleTag(ruleID)],
      }),
      deleteNotificationRule: build.mutation<null, { owner: RuleOwner; ruleID: number }>({
        query: ({ owner, ruleID }) => ({ url: rulePath(owner, `/${ruleID}`), method: 'DELETE' }),
        invalidatesTags: [LIST],
      }),
      addRuleRecipient: build.mutation<
        NotificationRecipientDto,
        { owner: RuleOwner; ruleID: number; body: NotificationRecipientInput }
      >({
        query: ({ owner, ruleID, body }) => ({
          url: rulePath(owner, `/${ruleID}/recipient`),
          method: 'POST',
          body,
        }),
        invalidatesTags: (_r, _e, { ruleID }) => [LIST, ruleTag(ruleID)],
      }),
      updateRuleRecipient: build.mutation<
        NotificationRecipientDto,
        { owner: RuleOwner; ruleID: number; id: number; body: NotificationRecipientInput }
      >({
        query: ({ owner, ruleID, id, body }) => ({
          url: rulePath(owner, `/${ruleID}/recipient/${id}`),
          method: 'PATCH',
          body,
        }),
        invalidatesTags: (_r, _e, { ruleID }) => [ruleTag(ruleID)],
      }),
      deleteRuleRecipient: build.mutation<null, { owner: RuleOwner; ruleID: number; id: number }>({
        query: ({ owner, ruleID, id }) => ({
          url: rulePath(owner, `/${ruleID}/recipient/${id}`),
          method: 'DELETE',
        }),
        invalidatesTags: (_r, _e, { ruleID }) => [LIST, ruleTag(ruleID)],
      }),
      /** runs the rule now on its latest matching event (a GET: one delivery per rule, order and version) */
      triggerNotificationRule: build.mutation<
        NotificationRuleTriggerResult,
        { owner: RuleOwner; ruleID: number }
      >({
        query: ({ owner, ruleID }) => ({ url: rulePath(owner, `/${ruleID}/trigger`), method: 'GET' }),
      }),
      /** reads the rule's answer files or mails now (order responses); the orders it changed are read again */
      readNotificationRuleResponses: build.mutation<NotificationRuleResponsesResult, { owner: RuleOwner; ruleID: number }>({
        query: ({ owner, ruleID }) => ({ url: rulePath(owner, `/${ruleID}/responses`), method: 'POST', body: {} }),
        invalidatesTags: [{ type: 'Order', id: 'LIST' }, 'Journal'],
      }),
    }),
  });

export const {
  useCompanyNotificationRulesQuery,
  useNotificationRulesQuery,
  useNotificationRuleQuery,
  useCreateNotificationRuleMutation,
  useUpdateNotificationRuleMutation,
  useDeleteNotificationRuleMutation,
  useAddRuleRecipientMutation,
  useUpdateRuleRecipientMutation,
  useDeleteRuleRecipientMutation,
  useTriggerNotificationRuleMutation,
  useReadNotificationRuleResponsesMutation,
} = notificationRulesApi;
