import { LabelTemplate } from './label-template.entity';
import { LabelTemplatesService } from './label-templates.service';
import { PrintSettings } from './print-settings.entity';
import { PrintSettingsService } from './print-settings.service';
import { PrintingHandler } from './printing.handler';
import { PrintingRepository } from './printing.repository';

/** The label printing part of the catalog (templates, print settings), as the module and the schema list it. */
export const PRINTING_ENTITIES = [LabelTemplate, PrintSettings];
export const PRINTING_HANDLERS = [PrintingHandler];
export const PRINTING_PROVIDERS = [PrintingRepository, LabelTemplatesService, PrintSettingsService];
