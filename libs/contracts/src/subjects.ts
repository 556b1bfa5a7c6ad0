/**
 * The bus contract: every request/reply subject with its request and reply types (`BusSubjects`), every durable event
 * with its payload (`BusEvents`). Callers (`ServiceBus.request`, `addToOutbox`) and handlers (`@Handles`, `@OnEvent` in
 * libs/messaging) are typed from these tables, so a caller and a handler that disagree fail the type check.
 *
 * A new subject: add its name to the `…Subjects` / `…Events` constants of its service, its row here (request and reply
 * types written once, in libs/contracts), and the handler with `@Handles(subject)` / `@OnEvent(subject)`.
 * `subjects.spec.ts` checks the table against the constants and BUS_ACCESS.
 */
import type {
  CustomerDto,
  CustomerInput,
  CustomerListQuery,
  SupplierChanged,
  SupplierDto,
  SupplierInput,
  SupplierListQuery,
} from './catalog';
import type {
  ChangeListQuery,
  ChangeLogEntryDto,
  ContactChanged,
  ContactDto,
  ContactInput,
  ContactListQuery,
  ContactParent,
  ContactRuleDto,
  UserNamesReply,
  CatalogLookupReply,
  CatalogLookupRequest,
  UserNamesRequest,
} from './contacts';
import type {
  NotificationRecipientInput,
  NotificationRuleChanged,
  NotificationRuleDto,
  NotificationRuleInput,
  NotificationRuleListQuery,
  NotificationRuleOwner,
  NotificationRuleTriggerResult,
} from './notification-rules';
import type { DeliveryChanged } from './notification-delivery';
import type { NotificationRuleResponsesResult, OrderResponseRead } from './order-responses';
import type {
  DeadLetterAction,
  DeadLetterDiscardResult,
  DeadLettered,
  DeadLetterRetryResult,
} from './dead-letters';
import type {
  AppUsageDto,
  AuthenticateRequest,
  Caller,
  CompanyCaller,
  CompanyCreated,
  CompanyDto,
  CompanyUpdate,
  CompanyUserDto,
  CompanyUserInput,
  CompanyUserListQuery,
  InvitationDto,
  InvitationPreviewDto,
  LicenseStatsDto,
  ListQuery,
  LoginResult,
  MailRequested,
  MembershipChanged,
  Page,
  PageQuery,
  PlatformCompanyDto,
  PlatformCompanyInput,
  ProfileUpdate,
  RegisterRequest,
  RestrictionDto,
  RestrictionInput,
  RestrictionsChanged,
  SetUserImageReply,
  SetUserImageRequest,
  UserDeleted,
  UserDto,
} from './identity';
import type {
  AddImageRequest,
  EntityImageDto,
  ImageChangeReply,
  ListImagesRequest,
  RemoveImagesReply,
  RemoveImagesRequest,
  UpdateImageRequest,
} from './images';
import type {
  BackorderChanged,
  BackorderDto,
  CatalogChanged,
  CatalogDto,
  CatalogInput,
  ItemDto,
  ItemInput,
  ItemListQuery,
  ItemScope,
  SubscriptionChanged,
} from './items';
import type {
  JournalAcknowledgeInput,
  JournalAcknowledgeResult,
  JournalDiscardResult,
  JournalEntryDto,
  JournalListQuery,
  JournalRetryResult,
} from './journal';
import type { LocationDeliveryInput, LocationDto, LocationInput, LocationListQuery } from './locations';
import type {
  StorageBinChanged,
  StorageBinInput,
  StorageBinsRecord,
  StorageChanged,
  StorageDto,
  StorageInput,
  StorageListQuery,
} from './storages';
import type { DeviceKeyCreated, DeviceKeyInfo, SensorAlarm, SensorAlarmsDto, SensorAlarmsQuery, SensorChanged, SensorDto, SensorInput, SensorListQuery } from './sensors';
import type { OrderableItemsQuery, OrderableItemsReply } from './new-order';
import type { ReadingPoint, ReadingsHistoryQuery, ReadingsStored, ReadingsStoreFailed } from './ingest';
import type { BinsMeasured } from './bin-readings';
import type { ServerDto, ServerInput, ServerListQuery, ServerVerifyResult } from './notifications';
import type {
  EmailTemplateDto,
  EmailTemplateExecuteResult,
  EmailTemplateInput,
  FileTemplateDto,
  FileTemplateExecuteResult,
  FileTemplateInput,
  TemplateExecuteQuery,
  TemplateListQuery,
} from './notification-templates';
import type { FillHistoryRecord, RuleBinRecord } from './fill-level';
import type {
  OrderQueueDeleteResult,
  OrderQueueEntryDto,
  OrderQueueListQuery,
  OrderQueueRequeueResult,
  OrderQueueScope,
} from './orderqueue';
import type {
  AddOrderImageRequest,
  CustomerChangedForOrders,
  DecisionHistoryDto,
  ItemChangedForOrders,
  ItemRuleRef,
  KanbanRuleDto,
  KanbanRuleInput,
  LocationChangedForOrders,
  NewOrderInput,
  NewOrderReply,
  OrderCreated,
  OrderNotice,
  JournalEntryWritten,
  OrderDto,
  OrderFileRef,
  OrderFilesReply,
  OrderListQuery,
  OrderScope,
  OrderUpdateInput,
  TimeTrackingInput,
  RejectRequestInput,
  ReplenishmentSnapshot,
  ReplenishmentSnapshotRequest,
  RuleListQuery,
  RuleRunReply,
  RulesOfItemRequest,
  ScanInput,
  SetOrderAttachmentRequest,
  StockEventDto,
} from './orders';
import type {
  CustomFieldChanged,
  CustomFieldDto,
  CustomFieldInput,
  CustomFieldListQuery,
  CustomValuesDto,
  CustomValuesInput,
  SettingsListQuery,
  StorageTypeChanged,
  StorageTypeDto,
  StorageTypeInput,
  UnitChanged,
  UnitDto,
  UnitInput,
} from './settings';
import type {
  LabelTemplateDto,
  LabelTemplateInput,
  LabelTemplateListQuery,
  PrintSettingsDto,
  PrintSettingsInput,
  PrintSettingsResolved,
} from './printing';
import type {
  LocationReportDto,
  LocationReportQuery,
  OrderStatsDto,
  OrderStatsLineDto,
  OrderStatsQuery,
  RulesCheckDto,
  RulesCheckQuery,
  ServiceLineDto,
  ServiceReportDto,
  ServiceReportQuery,
  StatsRequest,
} from './stats';
import type {
  AssortmentCustomerDto,
  AssortmentItemDto,
  ItemSupplyDto,
  SupplyCreated,
  SupplyDeliveryChanged,
  SupplyDeliveryInput,
  SupplyDto,
  SupplyListQuery,
  SupplyScope,
} from './supplies';
import type {
  ApiClientCheck,
  ApiClientCreated,
  ApiClientDto,
  ApiClientInput,
  ApiClientScope,
  ApiClientToken,
  FeedAckInput,
  FeedCaller,
  FeedPage,
  FeedQuery,
  FeedSupplyDto,
  SupplyAcknowledged,
} from './supplier-api';
import type {
  RestrictionKind,
  TargetsReply,
  TargetsRequest,
  TargetUserDto,
  UsersOfTargetRequest,
} from './users';

/** What every service's health subject answers. */
export interface ServiceHealth {
  service: string;
  db: boolean;
}

/** What deleting a record with images answers: the blob keys the gateway removes. */
export interface Released {
  released: string[];
}

/** Request/reply subjects: `request` is what the caller sends, `reply` what the handler answers. */
export interface BusSubjects {
  // identity
  'identity.auth.authenticate': { request: AuthenticateRequest; reply: LoginResult };
  'identity.auth.refresh': { request: { refresh_token: string }; reply: LoginResult };
  'identity.auth.logout': { request: { refresh_token: string }; reply: null };
  'identity.auth.register': {
    request: RegisterRequest;
    reply: { user_id: number; confirmation_required: boolean };
  };
  'identity.auth.confirm': { request: { token: string }; reply: null };
  'identity.auth.reset_request': { request: { email: string }; reply: null };
  'identity.auth.reset_password': { request: { token: string; password: string }; reply: null };
  'identity.user.change_password': {
    request: { caller: Caller & { family?: string }; current_password: string; password: string };
    reply: null;
  };
  'identity.health': { request: Record<string, never>; reply: ServiceHealth };
  'identity.company.list_mine': { request: { caller: Caller }; reply: CompanyDto[] };
  'identity.company.get': { request: { caller: CompanyCaller }; reply: CompanyDto };
  'identity.company.update': { request: { caller: CompanyCaller; update: CompanyUpdate }; reply: CompanyDto };
  'identity.company.license_stats': { request: { caller: CompanyCaller }; reply: LicenseStatsDto };
  'identity.company.support': {
    request: { caller: CompanyCaller; subject: string; message: string };
    reply: { id: number };
  };
  'identity.platform.companies.list': { request: Record<string, never>; reply: PlatformCompanyDto[] };
  'identity.platform.companies.create': {
    request: { input: PlatformCompanyInput };
    reply: PlatformCompanyDto;
  };
  'identity.platform.companies.update': {
    request: { companyId: number; input: PlatformCompanyInput };
    reply: PlatformCompanyDto;
  };
  'identity.invitations.list': { request: { caller: CompanyCaller }; reply: InvitationDto[] };
  'identity.invitations.withdraw': { request: { caller: CompanyCaller; invitationId: number }; reply: null };
  'identity.invitations.show': { request: { caller: Caller; token: string }; reply: InvitationPreviewDto };
  'identity.invitations.accept': { request: { caller: Caller; token: string }; reply: CompanyDto };
  'identity.users.names': { request: UserNamesRequest; reply: UserNamesReply };
  'catalog.contact.lookup': { request: CatalogLookupRequest; reply: CatalogLookupReply };
  'identity.user_admin.users_of_target': { request: UsersOfTargetRequest; reply: Page<TargetUserDto> };
  'identity.user.get_profile': { request: { caller: Caller }; reply: UserDto };
  'identity.user.update_profile': { request: { caller: Caller; update: ProfileUpdate }; reply: UserDto };
  'identity.user.set_image': { request: SetUserImageRequest; reply: SetUserImageReply };
  'identity.user.app_usage': { request: { caller: Caller }; reply: AppUsageDto };
  'identity.users.list': {
    request: { caller: CompanyCaller; query: CompanyUserListQuery };
    reply: Page<CompanyUserDto>;
  };
  'identity.users.get': { request: { caller: CompanyCaller; userId: number }; reply: CompanyUserDto };
  'identity.users.create': {
    request: { caller: CompanyCaller; input: CompanyUserInput };
    reply: InvitationDto | CompanyUserDto;
  };
  'identity.users.update': {
    request: { caller: CompanyCaller; userId: number; input: CompanyUserInput };
    reply: CompanyUserDto;
  };
  'identity.users.delete': { request: { caller: CompanyCaller; userId: number }; reply: null };
  'identity.users.resend': { request: { caller: CompanyCaller; userId: number }; reply: null };
  'identity.restrictions.list': {
    request: { caller: CompanyCaller; userId: number; kind?: RestrictionKind };
    reply: RestrictionDto[];
  };
  'identity.restrictions.add': {
    request: { caller: CompanyCaller; input: RestrictionInput };
    reply: RestrictionDto;
  };
  'identity.restrictions.remove': { request: { caller: CompanyCaller; id: number }; reply: null };
  // catalog
  'catalog.unit.list': { request: { caller: CompanyCaller; query: SettingsListQuery }; reply: Page<UnitDto> };
  'catalog.unit.get': { request: { caller: CompanyCaller; id: number }; reply: UnitDto };
  'catalog.unit.create': { request: { caller: CompanyCaller; input: UnitInput }; reply: UnitDto };
  'catalog.unit.update': { request: { caller: CompanyCaller; id: number; input: UnitInput }; reply: UnitDto };
  'catalog.unit.delete': { request: { caller: CompanyCaller; id: number }; reply: null };
  'catalog.storage_type.list': {
    request: { caller: CompanyCaller; query: SettingsListQuery };
    reply: Page<StorageTypeDto>;
  };
  'catalog.storage_type.get': { request: { caller: CompanyCaller; id: number }; reply: StorageTypeDto };
  'catalog.storage_type.create': {
    request: { caller: CompanyCaller; input: StorageTypeInput };
    reply: StorageTypeDto;
  };
  'catalog.storage_type.update': {
    request: { caller: CompanyCaller; id: number; input: StorageTypeInput };
    reply: StorageTypeDto;
  };
  'catalog.storage_type.delete': { request: { caller: CompanyCaller; id: number }; reply: null };
  'catalog.custom_field.list': {
    request: { caller: CompanyCaller; query: CustomFieldListQuery };
    reply: Page<CustomFieldDto>;
  };
  'catalog.custom_field.get': { request: { caller: CompanyCaller; id: number }; reply: CustomFieldDto };
  'catalog.custom_field.create': {
    request: { caller: CompanyCaller; input: CustomFieldInput };
    reply: CustomFieldDto;
  };
  'catalog.custom_field.update': {
    request: { caller: CompanyCaller; id: number; input: CustomFieldInput; confirm: boolean };
    reply: CustomFieldDto;
  };
  'catalog.custom_field.delete': {
    request: { caller: CompanyCaller; id: number; confirm: boolean };
    reply: null;
  };
  'catalog.custom_field.values.get': {
    request: { caller: CompanyCaller; entity: string; entityId: number };
    reply: CustomValuesDto;
  };
  'catalog.custom_field.values.put': {
    request: { caller: CompanyCaller; entity: string; entityId: number; input: CustomValuesInput };
    reply: CustomValuesDto;
  };
  'catalog.label_template.list': {
    request: { caller: CompanyCaller; query: LabelTemplateListQuery };
    reply: Page<LabelTemplateDto>;
  };
  'catalog.label_template.get': { request: { caller: CompanyCaller; id: number }; reply: LabelTemplateDto };
  'catalog.label_template.create': {
    request: { caller: CompanyCaller; input: LabelTemplateInput };
    reply: LabelTemplateDto;
  };
  'catalog.label_template.update': {
    request: { caller: CompanyCaller; id: number; input: LabelTemplateInput };
    reply: LabelTemplateDto;
  };
  'catalog.label_template.delete': { request: { caller: CompanyCaller; id: number }; reply: null };
  'catalog.print_settings.get': {
    request: { caller: CompanyCaller; customerId: number; templateId: number };
    reply: PrintSettingsDto;
  };
  'catalog.print_settings.update': {
    request: { caller: CompanyCaller; customerId: number; templateId: number; id: number; input: PrintSettingsInput };
    reply: PrintSettingsDto;
  };
  'catalog.print_settings.delete': {
    request: { caller: CompanyCaller; customerId: number; templateId: number };
    reply: PrintSettingsDto;
  };
  'catalog.print_settings.defaults': {
    request: { caller: CompanyCaller; customerId: number; templateId: number };
    reply: PrintSettingsDto;
  };
  'catalog.print_settings.resolve': {
    request: { caller: CompanyCaller; customerId: number; templateId: number };
    reply: PrintSettingsResolved;
  };
  'catalog.contact.list': {
    request: { caller: CompanyCaller; parent: ContactParent; query: ContactListQuery };
    reply: Page<ContactDto>;
  };
  'catalog.contact.get': {
    request: { caller: CompanyCaller; parent: ContactParent; contactId: number };
    reply: ContactDto;
  };
  'catalog.contact.create': {
    request: { caller: CompanyCaller; parent: ContactParent; input: ContactInput };
    reply: ContactDto;
  };
  'catalog.contact.update': {
    request: { caller: CompanyCaller; parent: ContactParent; contactId: number; input: ContactInput };
    reply: ContactDto;
  };
  'catalog.contact.delete': {
    request: { caller: CompanyCaller; parent: ContactParent; contactId: number };
    reply: null;
  };
  'catalog.contact.set_main': {
    request: { caller: CompanyCaller; parent: ContactParent; contactId: number };
    reply: ContactDto;
  };
  'catalog.contact.rules': {
    request: { caller: CompanyCaller; parent: ContactParent; contactId: number };
    reply: ContactRuleDto[];
  };
  'catalog.changes.list': {
    request: { caller: CompanyCaller; parent: ContactParent; query: ChangeListQuery };
    reply: Page<ChangeLogEntryDto>;
  };
  'catalog.replenishment.snapshot': { request: ReplenishmentSnapshotRequest; reply: ReplenishmentSnapshot };
  'catalog.customer.list': {
    request: { caller: CompanyCaller; query: CustomerListQuery };
    reply: Page<CustomerDto>;
  };
  'catalog.customer.get': { request: { caller: CompanyCaller; customerId: number }; reply: CustomerDto };
  'catalog.customer.create': { request: { caller: CompanyCaller; input: CustomerInput }; reply: CustomerDto };
  'catalog.customer.update': {
    request: { caller: CompanyCaller; customerId: number; input: CustomerInput };
    reply: CustomerDto;
  };
  'catalog.customer.toggle_active': {
    request: { caller: CompanyCaller; customerId: number; active: boolean };
    reply: CustomerDto;
  };
  'catalog.customer.delete': {
    request: { caller: CompanyCaller; customerId: number; confirm?: boolean };
    reply: Released;
  };
  'catalog.catalog.list': {
    request: { caller: CompanyCaller; supplierId: number; query: ListQuery };
    reply: Page<CatalogDto>;
  };
  'catalog.catalog.get': {
    request: { caller: CompanyCaller; supplierId: number; catalogId: number };
    reply: CatalogDto;
  };
  'catalog.catalog.create': {
    request: { caller: CompanyCaller; supplierId: number; input: CatalogInput };
    reply: CatalogDto;
  };
  'catalog.catalog.update': {
    request: { caller: CompanyCaller; supplierId: number; catalogId: number; input: CatalogInput };
    reply: CatalogDto;
  };
  'catalog.catalog.delete': {
    request: { caller: CompanyCaller; supplierId: number; catalogId: number };
    reply: null;
  };
  'catalog.health': { request: Record<string, never>; reply: ServiceHealth };
  'catalog.image.list': { request: ListImagesRequest; reply: EntityImageDto[] };
  'catalog.image.add': { request: AddImageRequest; reply: ImageChangeReply };
  'catalog.image.update': { request: UpdateImageRequest; reply: EntityImageDto };
  'catalog.image.delete': { request: RemoveImagesRequest; reply: RemoveImagesReply };
  'catalog.item.list': {
    request: { caller: CompanyCaller; scope: ItemScope; query: ItemListQuery };
    reply: Page<ItemDto>;
  };
  'catalog.item.get': {
    request: { caller: CompanyCaller; scope: ItemScope; itemId: number };
    reply: ItemDto;
  };
  'catalog.item.create': {
    request: { caller: CompanyCaller; customerId: number; input: ItemInput };
    reply: ItemDto;
  };
  'catalog.item.update': {
    request: {
      caller: CompanyCaller;
      customerId: number;
      itemId: number;
      input: ItemInput;
      confirm?: boolean;
    };
    reply: ItemDto;
  };
  'catalog.item.delete': {
    request: { caller: CompanyCaller; customerId: number; itemId: number; confirm?: boolean };
    reply: Released;
  };
  'catalog.item.toggle_subscription': {
    request: {
      caller: CompanyCaller;
      customerId: number;
      locationId: number;
      itemId: number;
      active: boolean;
    };
    reply: ItemDto;
  };
  'catalog.item.backorders': { request: { caller: CompanyCaller; scope: ItemScope }; reply: BackorderDto[] };
  'catalog.storage.list': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; query: StorageListQuery };
    reply: Page<StorageDto>;
  };
  'catalog.storage.get': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; storageId: number };
    reply: StorageDto;
  };
  'catalog.storage.create': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; input: StorageInput };
    reply: StorageDto;
  };
  'catalog.storage.update': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; storageId: number; input: StorageInput };
    reply: StorageDto;
  };
  'catalog.storage.delete': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; storageId: number };
    reply: null;
  };
  'catalog.storage.bins.list': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; storageId: number };
    reply: StorageBinsRecord;
  };
  'catalog.storage.bins.put': {
    request: {
      caller: CompanyCaller;
      customerId: number;
      locationId: number;
      storageId: number;
      row: number;
      column: number;
      input: StorageBinInput;
    };
    reply: null;
  };
  'catalog.storage.bins.clear': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; storageId: number; row: number; column: number };
    reply: null;
  };
  'catalog.storage.bins.of_rule': { request: { caller: CompanyCaller; ruleId: number }; reply: RuleBinRecord | null };
  'catalog.storage.bins.images': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; storageId: number; itemIds: number[] };
    reply: Record<number, string>;
  };
  'catalog.sensor.list': { request: { caller: CompanyCaller; query: SensorListQuery }; reply: Page<SensorDto> };
  'catalog.sensor.get': { request: { caller: CompanyCaller; id: number }; reply: SensorDto };
  'catalog.sensor.create': { request: { caller: CompanyCaller; input: SensorInput }; reply: SensorDto };
  'catalog.sensor.update': { request: { caller: CompanyCaller; id: number; input: SensorInput }; reply: SensorDto };
  'catalog.sensor.delete': { request: { caller: CompanyCaller; id: number }; reply: null };
  'catalog.sensor.alarms': { request: { caller: CompanyCaller; query: SensorAlarmsQuery }; reply: SensorAlarmsDto };
  'catalog.sensor.by_external_id': { request: { company_id: number; external_ids: string[] }; reply: SensorDto[] };
  'catalog.sensor.devicekey.get': { request: { caller: CompanyCaller }; reply: DeviceKeyInfo };
  'catalog.sensor.devicekey.rotate': { request: { caller: CompanyCaller }; reply: DeviceKeyCreated };
  'catalog.sensor.devicekey.verify': { request: { key: string }; reply: { company_id: number } | null };
  'catalog.location.list': {
    request: { caller: CompanyCaller; customerId: number; query: LocationListQuery };
    reply: Page<LocationDto>;
  };
  'catalog.location.get': {
    request: { caller: CompanyCaller; customerId: number; locationId: number };
    reply: LocationDto;
  };
  'catalog.location.create': {
    request: { caller: CompanyCaller; customerId: number; input: LocationInput };
    reply: LocationDto;
  };
  'catalog.location.update': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; input: LocationInput };
    reply: LocationDto;
  };
  'catalog.location.delivery': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; input: LocationDeliveryInput };
    reply: LocationDto;
  };
  'catalog.location.toggle_active': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; active: boolean };
    reply: LocationDto;
  };
  'catalog.location.delete': {
    request: { caller: CompanyCaller; customerId: number; locationId: number; confirm?: boolean };
    reply: Released;
  };
  'catalog.supplier.list': {
    request: { caller: CompanyCaller; query: SupplierListQuery };
    reply: Page<SupplierDto>;
  };
  'catalog.supplier.get': { request: { caller: CompanyCaller; supplierId: number }; reply: SupplierDto };
  'catalog.supplier.create': { request: { caller: CompanyCaller; input: SupplierInput }; reply: SupplierDto };
  'catalog.supplier.update': {
    request: { caller: CompanyCaller; supplierId: number; input: SupplierInput };
    reply: SupplierDto;
  };
  'catalog.supplier.toggle_active': {
    request: { caller: CompanyCaller; supplierId: number; active: boolean };
    reply: SupplierDto;
  };
  'catalog.supplier.delete': {
    request: { caller: CompanyCaller; supplierId: number; confirm?: boolean };
    reply: Released;
  };
  'catalog.user_admin.targets': { request: TargetsRequest; reply: TargetsReply };
  // orders
  'orders.health': { request: Record<string, never>; reply: ServiceHealth };
  'orders.journal.list': {
    request: { caller: CompanyCaller; query: JournalListQuery };
    reply: Page<JournalEntryDto>;
  };
  'orders.journal.acknowledge': {
    request: { caller: CompanyCaller; input: JournalAcknowledgeInput };
    reply: JournalAcknowledgeResult;
  };
  'orders.journal.retry': { request: { caller: CompanyCaller; id: number }; reply: JournalRetryResult };
  'orders.journal.discard': { request: { caller: CompanyCaller; id: number }; reply: JournalDiscardResult };
  'orders.order.list': {
    request: { caller: CompanyCaller; scope: OrderScope; query: OrderListQuery };
    reply: Page<OrderDto>;
  };
  'orders.order.get': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number };
    reply: OrderDto;
  };
  'orders.order.update': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number; input: OrderUpdateInput };
    reply: OrderDto;
  };
  'orders.order.create': {
    request: { caller: CompanyCaller; scope: Required<OrderScope>; input: NewOrderInput };
    reply: NewOrderReply;
  };
  'orders.order.orderable_items': {
    request: { caller: CompanyCaller; scope: Required<OrderScope>; query: OrderableItemsQuery };
    reply: OrderableItemsReply;
  };
  'orders.order.timetracking': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number; input: TimeTrackingInput };
    reply: OrderDto;
  };
  'orders.request.list': {
    request: { caller: CompanyCaller; scope: OrderScope; query: OrderListQuery };
    reply: Page<OrderDto>;
  };
  'orders.request.get': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number };
    reply: OrderDto;
  };
  'orders.request.confirm': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number };
    reply: OrderDto;
  };
  'orders.request.reject': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number; input: RejectRequestInput };
    reply: OrderDto;
  };
  'orders.order.attachment.set': { request: SetOrderAttachmentRequest; reply: OrderFilesReply };
  'orders.order.attachment.remove': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number };
    reply: OrderFilesReply;
  };
  'orders.order.attachment.get': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number };
    reply: OrderFileRef;
  };
  'orders.order.image.add': { request: AddOrderImageRequest; reply: OrderFilesReply };
  'orders.order.image.get': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number; imageId: number };
    reply: OrderFileRef;
  };
  'orders.order.image.remove': {
    request: { caller: CompanyCaller; scope: OrderScope; orderId: number; imageId: number };
    reply: OrderFilesReply;
  };
  'orders.queue.list': {
    request: { caller: CompanyCaller; scope: OrderQueueScope; query: OrderQueueListQuery };
    reply: Page<OrderQueueEntryDto>;
  };
  'orders.queue.get': { request: { caller: CompanyCaller; id: number }; reply: OrderQueueEntryDto };
  'orders.queue.requeue': {
    request: { caller: CompanyCaller; ids: unknown };
    reply: OrderQueueRequeueResult;
  };
  'orders.queue.delete': { request: { caller: CompanyCaller; ids: unknown }; reply: OrderQueueDeleteResult };
  'orders.rule.list': {
    request: { caller: CompanyCaller; query: RuleListQuery };
    reply: Page<KanbanRuleDto>;
  };
  'orders.rule.get': { request: { caller: CompanyCaller; ruleId: number }; reply: KanbanRuleDto };
  'orders.rule.create': { request: { caller: CompanyCaller; input: KanbanRuleInput }; reply: KanbanRuleDto };
  'orders.rule.update': {
    request: { caller: CompanyCaller; ruleId: number; input: KanbanRuleInput };
    reply: KanbanRuleDto;
  };
  'orders.rule.delete': {
    request: { caller: CompanyCaller; ruleId: number; confirm?: boolean };
    reply: null;
  };
  'orders.rule.toggle_active': {
    request: { caller: CompanyCaller; ruleId: number; active: boolean };
    reply: KanbanRuleDto;
  };
  'orders.rule.execute': { request: { caller: CompanyCaller; ruleId: number }; reply: RuleRunReply };
  'orders.rule.set_stock': {
    request: { caller: CompanyCaller; ruleId: number; stock: number };
    reply: RuleRunReply;
  };
  'orders.rule.scan': { request: { caller: CompanyCaller; input: ScanInput }; reply: RuleRunReply };
  'orders.rule.stock_history': {
    request: { caller: CompanyCaller; ruleId: number; query: PageQuery };
    reply: Page<StockEventDto>;
  };
  'orders.rule.decision_history': {
    request: { caller: CompanyCaller; ruleId: number; query: PageQuery };
    reply: Page<DecisionHistoryDto>;
  };
  'orders.rule.fill_history': { request: { caller: CompanyCaller; ruleId: number; from: string; to: string }; reply: FillHistoryRecord };
  'orders.rules.of_item': { request: RulesOfItemRequest; reply: ItemRuleRef[] };
  'orders.stats.orders': { request: StatsRequest<OrderStatsQuery>; reply: OrderStatsDto };
  'orders.stats.order_details': {
    request: StatsRequest<OrderStatsQuery>;
    reply: Page<OrderStatsLineDto> & { from: string; to: string };
  };
  'orders.stats.rules_check': { request: StatsRequest<RulesCheckQuery>; reply: RulesCheckDto };
  'orders.stats.service': { request: StatsRequest<ServiceReportQuery>; reply: ServiceReportDto };
  'orders.stats.service_details': {
    request: StatsRequest<ServiceReportQuery>;
    reply: Page<ServiceLineDto> & { from: string; to: string };
  };
  'orders.stats.location_report': { request: StatsRequest<LocationReportQuery>; reply: LocationReportDto };
  // supply
  'supply.health': { request: Record<string, never>; reply: ServiceHealth };
  // the sensor ingestion (apps/ingest)
  'ingest.health': { request: Record<string, never>; reply: ServiceHealth };
  'ingest.readings.history': { request: ReadingsHistoryQuery; reply: ReadingPoint[] };
  'supply.supply.list': {
    request: { caller: CompanyCaller; scope: SupplyScope; query: SupplyListQuery };
    reply: Page<SupplyDto>;
  };
  'supply.supply.get': {
    request: { caller: CompanyCaller; scope: SupplyScope; supplyId: number };
    reply: SupplyDto;
  };
  'supply.supply.set_delivered': {
    request: { caller: CompanyCaller; scope: SupplyScope; supplyId: number; input: SupplyDeliveryInput };
    reply: SupplyDto;
  };
  'supply.supply.set_line_delivered': {
    request: {
      caller: CompanyCaller;
      scope: SupplyScope;
      supplyId: number;
      pos: number;
      input: SupplyDeliveryInput;
    };
    reply: SupplyDto;
  };
  'supply.assortment.list': {
    request: { caller: CompanyCaller; scope: SupplyScope; query: ListQuery };
    reply: Page<AssortmentCustomerDto>;
  };
  'supply.assortment.customer': {
    request: { caller: CompanyCaller; scope: SupplyScope; customerId: number; query: ListQuery };
    reply: Page<AssortmentItemDto>;
  };
  'supply.item.supplies': {
    request: { caller: CompanyCaller; scope: SupplyScope; itemId: number };
    reply: ItemSupplyDto[];
  };
  // suppliers pulling their orders (docs/supplier-api.md): API clients in identity, the feed in supply
  'identity.api_client.list': { request: { caller: CompanyCaller; scope: ApiClientScope }; reply: ApiClientDto[] };
  'identity.api_client.create': { request: { caller: CompanyCaller; scope: ApiClientScope; input: ApiClientInput }; reply: ApiClientCreated };
  'identity.api_client.revoke': { request: { caller: CompanyCaller; scope: ApiClientScope; id: number }; reply: ApiClientDto };
  'identity.api_client.token': { request: { client_id: string; client_secret: string }; reply: ApiClientToken };
  'identity.api_client.check': { request: { client_id: string }; reply: ApiClientCheck };
  'supply.feed.pull': { request: { caller: FeedCaller; query: FeedQuery }; reply: FeedPage };
  'supply.feed.get': { request: { caller: FeedCaller; supplyId: number }; reply: FeedSupplyDto };
  'supply.feed.ack': { request: { caller: FeedCaller; supplyId: number; input: FeedAckInput }; reply: FeedSupplyDto };
  // dead letters, served by every service that consumes events (libs/messaging serviceOutbox)
  'identity.dead_letters.retry': { request: DeadLetterAction; reply: DeadLetterRetryResult };
  'identity.dead_letters.discard': { request: DeadLetterAction; reply: DeadLetterDiscardResult };
  'catalog.dead_letters.retry': { request: DeadLetterAction; reply: DeadLetterRetryResult };
  'catalog.dead_letters.discard': { request: DeadLetterAction; reply: DeadLetterDiscardResult };
  'orders.dead_letters.retry': { request: DeadLetterAction; reply: DeadLetterRetryResult };
  'orders.dead_letters.discard': { request: DeadLetterAction; reply: DeadLetterDiscardResult };
  'supply.dead_letters.retry': { request: DeadLetterAction; reply: DeadLetterRetryResult };
  'supply.dead_letters.discard': { request: DeadLetterAction; reply: DeadLetterDiscardResult };
  'ingest.dead_letters.retry': { request: DeadLetterAction; reply: DeadLetterRetryResult };
  'ingest.dead_letters.discard': { request: DeadLetterAction; reply: DeadLetterDiscardResult };
  'notifications.dead_letters.retry': { request: DeadLetterAction; reply: DeadLetterRetryResult };
  'notifications.dead_letters.discard': { request: DeadLetterAction; reply: DeadLetterDiscardResult };
  // notifications (apps/notifications): the company's servers
  'notifications.health': { request: Record<string, never>; reply: ServiceHealth };
  'notifications.server.list': { request: { caller: CompanyCaller; query: ServerListQuery }; reply: Page<ServerDto> };
  'notifications.server.get': { request: { caller: CompanyCaller; id: number }; reply: ServerDto };
  'notifications.server.create': { request: { caller: CompanyCaller; input: ServerInput }; reply: ServerDto };
  'notifications.server.update': { request: { caller: CompanyCaller; id: number; input: ServerInput }; reply: ServerDto };
  'notifications.server.delete': { request: { caller: CompanyCaller; id: number }; reply: null };
  'notifications.server.verify': { request: { caller: CompanyCaller; id: number }; reply: ServerVerifyResult };
  // notifications: the company's e-mail and file templates
  'notifications.email_template.list': { request: { caller: CompanyCaller; query: TemplateListQuery }; reply: Page<EmailTemplateDto> };
  'notifications.email_template.get': { request: { caller: CompanyCaller; id: number }; reply: EmailTemplateDto };
  'notifications.email_template.create': { request: { caller: CompanyCaller; input: EmailTemplateInput }; reply: EmailTemplateDto };
  'notifications.email_template.update': { request: { caller: CompanyCaller; id: number; input: EmailTemplateInput }; reply: EmailTemplateDto };
  'notifications.email_template.delete': { request: { caller: CompanyCaller; id: number }; reply: null };
  'notifications.email_template.execute': { request: { caller: CompanyCaller; id: number; query: TemplateExecuteQuery }; reply: EmailTemplateExecuteResult };
  'notifications.file_template.list': { request: { caller: CompanyCaller; query: TemplateListQuery }; reply: Page<FileTemplateDto> };
  'notifications.file_template.get': { request: { caller: CompanyCaller; id: number }; reply: FileTemplateDto };
  'notifications.file_template.create': { request: { caller: CompanyCaller; input: FileTemplateInput }; reply: FileTemplateDto };
  'notifications.file_template.update': { request: { caller: CompanyCaller; id: number; input: FileTemplateInput }; reply: FileTemplateDto };
  'notifications.file_template.delete': { request: { caller: CompanyCaller; id: number }; reply: null };
  'notifications.file_template.execute': { request: { caller: CompanyCaller; id: number; query: TemplateExecuteQuery }; reply: FileTemplateExecuteResult };
  'notifications.rule.list': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; query: NotificationRuleListQuery }; reply: Page<NotificationRuleDto> };
  'notifications.rule.get': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; id: number }; reply: NotificationRuleDto };
  'notifications.rule.create': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; input: NotificationRuleInput }; reply: NotificationRuleDto };
  'notifications.rule.update': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; id: number; input: NotificationRuleInput }; reply: NotificationRuleDto };
  'notifications.rule.delete': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; id: number }; reply: null };
  'notifications.rule.trigger': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; id: number }; reply: NotificationRuleTriggerResult };
  'notifications.rule.fetch_responses': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; id: number }; reply: NotificationRuleResponsesResult };
  'notifications.rule.recipient.add': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; id: number; input: NotificationRecipientInput }; reply: NotificationRuleDto };
  'notifications.rule.recipient.update': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; id: number; recipientId: number; input: NotificationRecipientInput }; reply: NotificationRuleDto };
  'notifications.rule.recipient.delete': { request: { caller: CompanyCaller; owner: NotificationRuleOwner; id: number; recipientId: number }; reply: NotificationRuleDto };
}

/** Durable events (`evt.<producer>.<name>`) and their payloads, as `addToOutbox` writes them. */
export interface BusEvents {
  'evt.identity.mail_requested': MailRequested;
  'evt.identity.membership_changed': MembershipChanged;
  'evt.identity.user_deleted': UserDeleted;
  'evt.identity.restrictions_changed': RestrictionsChanged;
  'evt.identity.company_created': CompanyCreated;
  'evt.identity.dead_letter': DeadLettered;
  'evt.catalog.customer_changed': CustomerChangedForOrders;
  'evt.catalog.supplier_changed': SupplierChanged;
  'evt.catalog.location_changed': LocationChangedForOrders;
  'evt.catalog.storage_changed': StorageChanged;
  'evt.catalog.storage_bin_changed': StorageBinChanged;
  'evt.catalog.sensor_changed': SensorChanged;
  'evt.catalog.bins_measured': BinsMeasured;
  'evt.catalog.sensor_alarm': SensorAlarm;
  'evt.catalog.catalog_changed': CatalogChanged;
  'evt.catalog.item_changed': ItemChangedForOrders;
  'evt.catalog.item_subscription_changed': SubscriptionChanged;
  'evt.catalog.contact_changed': ContactChanged;
  'evt.catalog.unit_changed': UnitChanged;
  'evt.catalog.storage_type_changed': StorageTypeChanged;
  'evt.catalog.custom_field_changed': CustomFieldChanged;
  'evt.catalog.dead_letter': DeadLettered;
  'evt.orders.created': OrderCreated;
  'evt.orders.order_notice': OrderNotice;
  'evt.orders.journal_entry': JournalEntryWritten;
  'evt.orders.backorder_changed': BackorderChanged;
  'evt.orders.dead_letter': DeadLettered;
  'evt.supply.created': SupplyCreated;
  'evt.supply.delivery_changed': SupplyDeliveryChanged;
  'evt.supply.dead_letter': DeadLettered;
  'evt.supply.acknowledged': SupplyAcknowledged;
  'evt.ingest.readings_stored': ReadingsStored;
  'evt.ingest.store_failed': ReadingsStoreFailed;
  'evt.ingest.dead_letter': DeadLettered;
  'evt.notifications.dead_letter': DeadLettered;
  'evt.notifications.rule_changed': NotificationRuleChanged;
  'evt.notifications.delivery_changed': DeliveryChanged;
  'evt.notifications.order_response': OrderResponseRead;
}

export type BusSubject = keyof BusSubjects;
export type BusEvent = keyof BusEvents;
/** What a caller sends on `S`. */
export type BusRequest<S extends BusSubject> = BusSubjects[S]['request'];
/** What the handler of `S` answers. */
export type BusReply<S extends BusSubject> = BusSubjects[S]['reply'];
/** What the event `E` carries. */
export type BusEventData<E extends BusEvent> = BusEvents[E];
