import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { MulterModule } from '@nestjs/platform-express';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { BLOB_STORE, type BlobStore } from '@kanban/images';
import { AccessGuard, JwtAuthGuard } from './auth/guards';
import { JwtStrategy } from './auth/jwt.strategy';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { HealthController } from './health/health.controller';
import { ReadCacheInterceptor } from './http/read-cache.interceptor';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { EnvelopeExceptionFilter } from './http/exception.filter';
import { createValidationPipe } from './http/validation';
import { CustomerContactsController, SupplierContactsController } from './catalog/contacts.controller';
import { CustomersController } from './catalog/customers.controller';
import { LocationsController } from './catalog/locations.controller';
import { SensorsController } from './catalog/sensors.controller';
import { SensorReadingsController } from './catalog/sensor-readings.controller';
import { FillHistoryController } from './orders/fill-history.controller';
import { StoragesController } from './catalog/storages.controller';
import { SuppliersController } from './catalog/suppliers.controller';
import { CatalogsController } from './catalog/catalogs.controller';
import { CustomerItemsController, ItemSearchController, SupplierItemsController } from './catalog/items.controller';
import { CustomFieldsController, StorageTypesController, UnitsController } from './catalog/settings.controller';
import { LabelTemplatesController, PrintSettingsController } from './catalog/label-templates.controller';
import { AuthController } from './identity/auth.controller';
import { CompanyUsersController } from './identity/company-users.controller';
import { CompanyController } from './identity/company.controller';
import { InvitationsController } from './identity/invitations.controller';
import { MeController } from './identity/me.controller';
import { EntityImagesController } from './images/entity-images.controller';
import { RestrictionTargets } from './users/restriction-targets';
import { TargetUsersController } from './users/target-users.controller';
import { ImagesController } from './images/images.controller';
import { ImagesService } from './images/images.service';
import { CompanyOrderFilesController, CustomerOrderFilesController, LocationOrderFilesController } from './orders/order-files.controller';
import { OrderFilesService } from './orders/order-files.service';
import { CompanyOrdersController, CustomerOrdersController, LocationOrdersController } from './orders/orders.controller';
import { OrderableItemsController } from './orders/orderable-items.controller';
import { CompanyRequestsController, CustomerRequestsController } from './orders/requests.controller';
import { RulesController } from './orders/rules.controller';
import { JournalController } from './orders/journal.controller';
import { OrderQueueController } from './orders/orderqueue.controller';
import { CompanyStatsController, CustomerStatsController, SupplierStatsController } from './orders/stats.controller';
import { PlatformController } from './platform/platform.controller';
import { SupplyController } from './supply/supply.controller';
import {
  CompanyNotificationRulesController,
  CustomerNotificationRulesController,
  LocationNotificationRulesController,
  SupplierNotificationRulesController,
} from './notifications/notification-rules.controller';
import { ServersController } from './notifications/servers.controller';
import { NotificationRuleTriggerController } from './notifications/notification-trigger.controller';
import { NotificationRuleResponsesController } from './notifications/notification-responses.controller';
import { ApiClientsController } from './supplier-api/api-clients.controller';
import { SupplierFeedController } from './supplier-api/feed.controller';
import { OAuthController } from './supplier-api/oauth.controller';
import { SupplierClientGuard } from './supplier-api/supplier-client.guard';
import { EmailTemplatesController, FileTemplatesController } from './notifications/templates.controller';
import { CustomerPrintController, LabelTemplateToolsController, SupplierPrintController } from './printing/print.controller';
import { PrintPool } from './printing/print-pool';
import { PrintService } from './printing/print.service';
import { PrintSource } from './printing/print-source';

/** The only HTTP surface: /api calls, auth, tenancy and role checks, the envelope. */
@Module({})
export class GatewayModule {
  /** `blobs`: the blob store the composition root chose from `config.blobs` (folder or NATS object store). */
  static forRoot(config: GatewayConfig, adapters: { blobs: BlobStore }): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        PassportModule,
        // Applied to the public auth calls (sign-in, refresh, reset, registration) per client address.
        ThrottlerModule.forRoot({ throttlers: [{ name: 'auth', limit: config.authRateLimit.limit, ttl: config.authRateLimit.ttlMs }] }),
        // File uploads are held in memory (no storage option: multer's memory storage) up to the limit.
        MulterModule.register({ limits: { fileSize: config.imageUploadLimit, files: 1, fields: 20, parts: 25 } }),
      ],
      controllers: [
        // printing first: labeltemplates/placeholders before the label templates' labeltemplates/{id}
        LabelTemplateToolsController, CustomerPrintController, SupplierPrintController,
        AuthController, MeController, CompanyController, CompanyUsersController, InvitationsController, PlatformController, CustomersController, SuppliersController, LocationsController, StoragesController, SensorsController, SensorReadingsController, FillHistoryController, HealthController, ImagesController, EntityImagesController, TargetUsersController, UnitsController, StorageTypesController, CustomFieldsController, LabelTemplatesController, PrintSettingsController,
        CatalogsController, CustomerItemsController, SupplierItemsController, ItemSearchController, CustomerContactsController, SupplierContactsController,
        RulesController, CompanyOrdersController, CustomerOrdersController, LocationOrdersController, OrderableItemsController,
        CompanyOrderFilesController, CustomerOrderFilesController, LocationOrderFilesController,
        SupplyController, CompanyRequestsController, CustomerRequestsController, JournalController,
        CompanyStatsController, CustomerStatsController, SupplierStatsController, OrderQueueController, ServersController, EmailTemplatesController, FileTemplatesController,
        CustomerNotificationRulesController, LocationNotificationRulesController, SupplierNotificationRulesController, CompanyNotificationRulesController, NotificationRuleTriggerController, NotificationRuleResponsesController,
        ApiClientsController, OAuthController, SupplierFeedController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: BLOB_STORE, useValue: adapters.blobs },
        ImagesService,
        OrderFilesService,
        PrintService,
        PrintSource,
        // the print workers, started at the first print job (docs/label-printing.md "Print workers")
        { provide: PrintPool, useFactory: () => new PrintPool({ size: config.print.workers, heapMb: config.print.workerHeapMb, queueMax: config.print.queueMax, idleMs: config.print.idleMs }) },
        RestrictionTargets,
        SupplierClientGuard,
        JwtStrategy,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
        // Outermost first: the read cache sees (and keeps) the enveloped answer.
        { provide: APP_INTERCEPTOR, useClass: ReadCacheInterceptor },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
