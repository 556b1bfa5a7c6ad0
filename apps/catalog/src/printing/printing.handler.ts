import { Payload } from '@nestjs/microservices';
import { type BusRequest, PrintingSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { LabelTemplatesService } from './label-templates.service';
import { PrintSettingsService } from './print-settings.service';

/** Label templates of a company and print settings of its customers (docs/label-printing.md). */
@BusController()
export class PrintingHandler {
  constructor(
    private readonly templates: LabelTemplatesService,
    private readonly settings: PrintSettingsService,
  ) {}

  @Handles(PrintingSubjects.listTemplates)
  listTemplates(@Payload() p: BusRequest<'catalog.label_template.list'>) {
    return this.templates.list(p.caller, p.query ?? {});
  }

  @Handles(PrintingSubjects.getTemplate)
  getTemplate(@Payload() p: BusRequest<'catalog.label_template.get'>) {
    return this.templates.get(p.caller, p.id);
  }

  @Handles(PrintingSubjects.createTemplate)
  createTemplate(@Payload() p: BusRequest<'catalog.label_template.create'>) {
    return this.templates.create(p.caller, p.input);
  }

  @Handles(PrintingSubjects.updateTemplate)
  updateTemplate(@Payload() p: BusRequest<'catalog.label_template.update'>) {
    return this.templates.update(p.caller, p.id, p.input);
  }

  @Handles(PrintingSubjects.deleteTemplate)
  async deleteTemplate(@Payload() p: BusRequest<'catalog.label_template.delete'>): Promise<null> {
    await this.templates.remove(p.caller, p.id);
    return null;
  }

  @Handles(PrintingSubjects.getSettings)
  getSettings(@Payload() p: BusRequest<'catalog.print_settings.get'>) {
    return this.settings.get(p.caller, p.customerId, p.templateId);
  }

  @Handles(PrintingSubjects.updateSettings)
  updateSettings(@Payload() p: BusRequest<'catalog.print_settings.update'>) {
    return this.settings.update(p.caller, p.customerId, p.templateId, p.id, p.input);
  }

  @Handles(PrintingSubjects.deleteSettings)
  deleteSettings(@Payload() p: BusRequest<'catalog.print_settings.delete'>) {
    return this.settings.remove(p.caller, p.customerId, p.templateId);
  }

  @Handles(PrintingSubjects.defaultSettings)
  defaultSettings(@Payload() p: BusRequest<'catalog.print_settings.defaults'>) {
    return this.settings.defaults(p.caller, p.customerId, p.templateId);
  }

  @Handles(PrintingSubjects.resolveSettings)
  resolveSettings(@Payload() p: BusRequest<'catalog.print_settings.resolve'>) {
    return this.settings.resolve(p.caller, p.customerId, p.templateId);
  }
}
