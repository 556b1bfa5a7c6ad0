import { Payload } from '@nestjs/microservices';
import { type BusRequest, EmailTemplateSubjects, FileTemplateSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { TemplatesService } from './templates.service';

/** The company's e-mail and file templates over the bus (the gateway's `emailtemplates` and `filetemplates` calls). */
@BusController()
export class TemplatesHandler {
  constructor(private readonly templates: TemplatesService) {}

  @Handles(EmailTemplateSubjects.list)
  listEmail(@Payload() p: BusRequest<'notifications.email_template.list'>) {
    return this.templates.listEmail(p.caller, p.query);
  }

  @Handles(EmailTemplateSubjects.get)
  getEmail(@Payload() p: BusRequest<'notifications.email_template.get'>) {
    return this.templates.getEmail(p.caller, p.id);
  }

  @Handles(EmailTemplateSubjects.create)
  createEmail(@Payload() p: BusRequest<'notifications.email_template.create'>) {
    return this.templates.createEmail(p.caller, p.input);
  }

  @Handles(EmailTemplateSubjects.update)
  updateEmail(@Payload() p: BusRequest<'notifications.email_template.update'>) {
    return this.templates.updateEmail(p.caller, p.id, p.input);
  }

  @Handles(EmailTemplateSubjects.delete)
  async removeEmail(@Payload() p: BusRequest<'notifications.email_template.delete'>): Promise<null> {
    await this.templates.removeEmail(p.caller, p.id);
    return null;
  }

  @Handles(EmailTemplateSubjects.execute)
  executeEmail(@Payload() p: BusRequest<'notifications.email_template.execute'>) {
    return this.templates.executeEmail(p.caller, p.id, p.query);
  }

  @Handles(FileTemplateSubjects.list)
  listFile(@Payload() p: BusRequest<'notifications.file_template.list'>) {
    return this.templates.listFile(p.caller, p.query);
  }

  @Handles(FileTemplateSubjects.get)
  getFile(@Payload() p: BusRequest<'notifications.file_template.get'>) {
    return this.templates.getFile(p.caller, p.id);
  }

  @Handles(FileTemplateSubjects.create)
  createFile(@Payload() p: BusRequest<'notifications.file_template.create'>) {
    return this.templates.createFile(p.caller, p.input);
  }

  @Handles(FileTemplateSubjects.update)
  updateFile(@Payload() p: BusRequest<'notifications.file_template.update'>) {
    return this.templates.updateFile(p.caller, p.id, p.input);
  }

  @Handles(FileTemplateSubjects.delete)
  async removeFile(@Payload() p: BusRequest<'notifications.file_template.delete'>): Promise<null> {
    await this.templates.removeFile(p.caller, p.id);
    return null;
  }

  @Handles(FileTemplateSubjects.execute)
  executeFile(@Payload() p: BusRequest<'notifications.file_template.execute'>) {
    return this.templates.executeFile(p.caller, p.id, p.query);
  }
}
