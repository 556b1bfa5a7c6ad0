import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ContactSubjects,
  type ChangeLogEntryDto,
  type CompanyCaller,
  type ContactDto,
  type ContactParent,
  type ContactRuleDto,
  type Page,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { ChangeListQueryDto, ContactCreateDto, ContactListQueryDto, ContactUpdateDto } from './contacts.dto';

/** The change log page with the users' current names (from identity; '' for users no longer members). */
async function withUserNames(
  bus: ServiceBus,
  caller: CompanyCaller,
  page: Page<ChangeLogEntryDto>,
): Promise<Page<ChangeLogEntryDto>> {
  const ids = [...new Set(page.items.map((e) => e.user_id))];
  if (ids.length === 0) return page;
  const names = await bus.request(ContactSubjects.userNames, {
    company_id: caller.companyId,
    ids,
  });
  const byId = new Map(names.map((n) => [n.id, n.name]));
  return { ...page, items: page.items.map((e) => ({ ...e, user_name: byId.get(e.user_id) ?? '' })) };
}

type ParentKind = ContactParent['kind'];

/**
 * The contacts and the change log of one kind of parent (customer or supplier), under
 * `c/:companyID/<kind>/:<kind>ID`: reading needs the parent kind's group (`customer` / `supplier`), changing
 * the `user` group. Both controllers are this one class, built once per kind; the class is named
 * `CustomerContactsController` / `SupplierContactsController` (the OpenAPI operation ids use the name).
 */
function contactsControllerFor(kind: ParentKind): Type<unknown> {
  const param = `${kind}ID`;

  @ApiTags('contacts')
  @Controller(`c/:companyID/${kind}/:${param}`)
  class ContactsController {
    constructor(private readonly bus: ServiceBus) {}

    private at(caller: CompanyCaller, id: number): { caller: CompanyCaller; parent: ContactParent } {
      return { caller, parent: { kind, id } };
    }

    @Get('contact')
    @Access(kind)
    @ApiOperation({
      summary: `The ${kind}'s contacts; q filters name, first name, e-mail, job title; sort, order, page`,
    })
    list(
      @CompanyCtx() caller: CompanyCaller,
      @IdParam(param) id: number,
      @Query() query: ContactListQueryDto,
    ): Promise<Page<ContactDto>> {
      return this.bus.request(ContactSubjects.list, { ...this.at(caller, id), query });
    }

    @Get('contact/:contactID')
    @Access(kind)
    get(
      @CompanyCtx() caller: CompanyCaller,
      @IdParam(param) id: number,
      @IdParam('contactID') contactId: number,
    ): Promise<ContactDto> {
      return this.bus.request(ContactSubjects.get, { ...this.at(caller, id), contactId });
    }

    @Post('contact')
    @HttpCode(200)
    @Access('user')
    create(
      @CompanyCtx() caller: CompanyCaller,
      @IdParam(param) id: number,
      @Body() body: ContactCreateDto,
    ): Promise<ContactDto> {
      return this.bus.request(ContactSubjects.create, { ...this.at(caller, id), input: body });
    }

    @Patch('contact/:contactID')
    @Access('user')
    update(
      @CompanyCtx() caller: CompanyCaller,
      @IdParam(param) id: number,
      @IdParam('contactID') contactId: number,
      @Body() body: ContactUpdateDto,
    ): Promise<ContactDto> {
      return this.bus.request(ContactSubjects.update, { ...this.at(caller, id), contactId, input: body });
    }

    @Delete('contact/:contactID')
    @Access('user')
    async remove(
      @CompanyCtx() caller: CompanyCaller,
      @IdParam(param) id: number,
      @IdParam('contactID') contactId: number,
    ): Promise<null> {
      await this.bus.request(ContactSubjects.remove, { ...this.at(caller, id), contactId });
      return null;
    }

    @Get('contact/:contactID/main')
    @Access('user')
    @ApiOperation({
      summary: 'Make it the main contact (the previous main contact is cleared); safe to repeat',
    })
    setMain(
      @CompanyCtx() caller: CompanyCaller,
      @IdParam(param) id: number,
      @IdParam('contactID') contactId: number,
    ): Promise<ContactDto> {
      return this.bus.request(ContactSubjects.setMain, { ...this.at(caller, id), contactId });
    }

    @Get('contact/:contactID/rules')
    @Access(kind)
    @ApiOperation({ summary: 'The notification rules naming this contact as a recipient' })
    rules(
      @CompanyCtx() caller: CompanyCaller,
      @IdParam(param) id: number,
      @IdParam('contactID') contactId: number,
    ): Promise<ContactRuleDto[]> {
      return this.bus.request(ContactSubjects.rules, { ...this.at(caller, id), contactId });
    }

    @Get('changes')
    @Access(kind)
    @ApiOperation({
      summary: `Change log of the ${kind} and everything under it, newest first; filters entity_kind, entity_id, from, to`,
    })
    async changes(
      @CompanyCtx() caller: CompanyCaller,
      @IdParam(param) id: number,
      @Query() query: ChangeListQueryDto,
    ): Promise<Page<ChangeLogEntryDto>> {
      const page = await this.bus.request(ContactSubjects.changes, {
        ...this.at(caller, id),
        query,
      });
      return withUserNames(this.bus, caller, page);
    }
  }

  const name = `${kind[0]!.toUpperCase()}${kind.slice(1)}ContactsController`;
  Object.defineProperty(ContactsController, 'name', { value: name });
  return ContactsController;
}

/** Contacts and the change log of a customer: reading needs the customer group, changing the user group. */
export const CustomerContactsController = contactsControllerFor('customer');
/** Contacts and the change log of a supplier: reading needs the supplier group, changing the user group. */
export const SupplierContactsController = contactsControllerFor('supplier');
