import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, ErrorCode } from '@kanban/access';
import {
  type CompanyCaller,
  type LabelTemplateDto,
  type LabelTemplateKind,
  MAX_PRINT_LABELS,
  PRINT_SETTINGS_DEFAULTS,
  PRINT_TYPE_TEMPLATES,
  type PlaceholderGroup,
  type PrintPreviewResult,
  type PrintRequest,
  type PrintSettingsDto,
  type PrintTemplateChoiceDto,
  type PrintType,
  type PrintPreviewRequest,
} from '@kanban/contracts';
import {
  checkLabelTemplate,
  fieldCatalogue,
  LABEL_GROUPS,
  type LabelData,
  type LabelTemplate,
  labelDataFromOrderDocument,
  lineLabelData,
  pagesFor,
  parseLabelTemplate,
  printError,
  type PrintLabel,
  renderSvg,
  resolveLayout,
  type SheetSettings,
} from '@kanban/labels';
import { ServiceBus } from '@kanban/messaging';
import { type OrderDocument, sampleOrderDocument } from '@kanban/notify-templates';
import { imageKeys, kanbanCards, PrintSource, wrongTemplate } from './print-source';
import { PrintPool } from './print-pool';
import { sharedImagesToWire, type WorkerJob } from './print-protocol';
import { guardLabels, type PrintStop, sendGated } from './print-stream';

/** Where a print call was made: a customer (and location, order) or a supplier. */
export type PrintPlace = { customerId: number; locationId?: number; orderId?: number } | { supplierId: number };

type Output = 'sheet' | 'label' | 'zpl';

const META_EXAMPLES: Record<string, string> = {
  number: '1',
  count: '20',
  copy: '1',
  copies: '2',
  page: '1',
  pages: '1',
  printed_at: '2026-01-31T08:00:00.000Z',
};

/** Printing and the editor's preview (docs/label-printing.md "Printing"): data over the bus, rendering here, streamed. */
@Injectable()
export class PrintService {
  private readonly log = new Logger('Printing');

  constructor(
    private readonly bus: ServiceBus,
    private readonly source: PrintSource,
    private readonly pool: PrintPool,
  ) {}

  /** The template (built-in or the company's) and the customer's settings for it (stored or the defaults). */
  private async templateAndSettings(caller: CompanyCaller, place: PrintPlace, templateId: number): Promise<{ template: LabelTemplateDto; settings: PrintSettingsDto }> {
    if ('customerId' in place) return this.bus.request('catalog.print_settings.resolve', { caller, customerId: place.customerId, templateId });
    const template = await this.bus.request('catalog.label_template.get', { caller, id: templateId });
    return { template, settings: { ...PRINT_SETTINGS_DEFAULTS, id: null, customer_id: 0, template_id: template.id, is_default: true, updated_at: null } };
  }

  /** The customer, location and order of the path, read as the caller: a place the caller may not see answers 404. */
  private async checkPlace(caller: CompanyCaller, place: PrintPlace): Promise<void> {
    if ('supplierId' in place) {
      await this.source.supplier(caller, place.supplierId);
      return;
    }
    await this.source.customer(caller, place.customerId);
    if (place.locationId !== undefined) await this.source.location(caller, place.customerId, place.locationId);
  }

  /** Renders the job and writes it into the response (errors before the first byte are thrown: the envelope answers them). */
  async print(caller: CompanyCaller, place: PrintPlace, type: PrintType, body: PrintRequest, a4: boolean | undefined, res: Response): Promise<void> {
    await this.checkPlace(caller, place);
    const { template: dto, settings } = await this.templateAndSettings(caller, place, body.template_id);
    const accepted = PRINT_TYPE_TEMPLATES[type];
    if (!accepted.includes(dto.type)) throw wrongTemplate(type, dto.type, accepted);
    let template: LabelTemplate;
    try {
      template = parseLabelTemplate(dto.template);
    } catch (err) {
      throw printError(`template "${dto.name}" is broken: ${(err as Error).message}`);
    }
    const output: Output =
      a4 === true ? 'sheet' : a4 === false ? (settings.output === 'zpl' ? 'zpl' : 'label') : settings.output === 'pdf' ? 'sheet' : settings.output === 'label_pdf' ? 'label' : 'zpl';
    const sheet: SheetSettings = {
      paper: output === 'sheet' ? (settings.paper === 'Letter' ? 'Letter' : 'A4') : 'label',
      columns: settings.columns ?? undefined,
      rows: settings.rows ?? undefined,
      margin_top: settings.margin_top,
      margin_left: settings.margin_left,
      gap_x: settings.gap_x,
      gap_y: settings.gap_y,
      offset_x: settings.offset_x,
      offset_y: settings.offset_y,
      start_position: body.start_position ?? settings.start_position,
      dpi: settings.dpi,
    };
    // the layout is checked before anything is sent (1000 naming columns, rows or start_position)
    const layout = resolveLayout(sheet, template.width, template.height);
    const name = (body.filename ?? '').trim() || (output === 'zpl' ? 'label.zpl' : 'label.pdf');

    if (type === 'calibration') {
      if (output === 'zpl') throw AppError.validation('A4', 'the calibration page is a PDF: print it on sheets (A4=true) or as a label printer PDF');
      const job: WorkerJob = { kind: 'calibration', template: dto.template, settings: sheet };
      return sendGated(res, { name, type: 'application/pdf', labels: 0, pages: 1 }, (out) => this.pool.render(job, [], out), { aborted: false }, this.log);
    }

    const keys = imageKeys(template);
    const logo = keys.has('company.logo') ? await this.source.companyLogo(await this.source.company(caller)) : null;
    const images = logo ? { 'company.logo': logo } : undefined;
    const fixed = body.copies ?? settings.copies;
    const byCards = body.copies === undefined && settings.copies_mode === 'kanban_cards';
    let labels: Iterable<PrintLabel> | AsyncIterable<PrintLabel>;
    let count = 0;
    let panels = 0;
    let nothing: string;
    if (type === 'item') {
      const rules = await this.source.rules(caller, {
        ...('customerId' in place ? { customerId: place.customerId, locationId: place.locationId } : { supplierId: place.supplierId }),
        ruleIds: body.rule_ids,
        itemIds: body.item_ids,
      });
      const copiesOf = (rule: { capacity: number; threshold: number }): number => (byCards ? kanbanCards(rule) : fixed);
      for (const rule of rules) count += copiesOf(rule);
      panels = count;
      labels = this.source.ruleLabels(caller, rules, copiesOf, { itemImages: keys.has('item') });
      nothing = 'there are no active kanban rules to print here';
    } else if (type === 'location') {
      if (!('customerId' in place)) throw AppError.validation('type', 'location labels are printed at a customer');
      const ids = body.location_ids ?? (place.locationId !== undefined ? [place.locationId] : undefined);
      const list = await this.source.locationLabels(caller, place.customerId, ids);
      labels = list.map((data) => ({ data, copies: fixed }));
      count = panels = list.length * fixed;
      nothing = 'the customer has no active locations';
    } else {
      if (!('customerId' in place) || place.orderId === undefined)
        throw AppError.validation('orderID', `${type === 'order' ? 'order lines are' : 'a delivery note is'} printed at an order's address (…/order/{orderID}/print/${type})`);
      const doc = await this.source.orderDocument(caller, { customerId: place.customerId, locationId: place.locationId }, place.orderId, body.supplier_id);
      if (type === 'order') {
        const pictures = keys.has('item') ? await Promise.all(doc.lines.map((line) => this.source.itemImage(caller, line.item.id))) : [];
        const list = lineLabelData(doc).map((data, i) => ({
          data: pictures[i] ? { ...data, images: { item: pictures[i]! } } : data,
          copies: byCards ? Math.min(1000, Math.max(1, Math.ceil(doc.lines[i]!.quantity))) : fixed,
        }));
        labels = list;
        count = panels = list.reduce((sum, l) => sum + l.copies, 0);
        nothing = 'the order has no lines to print';
      } else {
        const data = labelDataFromOrderDocument(doc);
        labels = [{ data, copies: fixed }];
        count = fixed;
        panels = fixed * pagesFor(template, data);
        nothing = 'the order has no lines for a delivery note';
        if (doc.lines.length === 0) count = 0;
      }
    }
    if (count === 0) throw printError(`nothing to print: ${nothing}`);
    if (count > MAX_PRINT_LABELS)
      throw AppError.validation('copies', `${count} labels are more than one job prints (at most ${MAX_PRINT_LABELS}): choose fewer rules or copies`);
    const pages =
      output === 'sheet'
        ? Math.ceil((layout.firstPosition + panels) / layout.positions.length)
        : panels;
    // rendered in a print worker (print-pool.ts) from plain data; the labels are read here, over the bus, as it asks
    const stop: PrintStop = { aborted: false };
    const job: WorkerJob = {
      kind: output === 'zpl' ? 'zpl' : 'pdf',
      template: dto.template,
      settings: sheet,
      count,
      form: body.form,
      images: sharedImagesToWire(images),
      zplDpi: settings.zpl_dpi,
    };
    const contentType = output === 'zpl' ? 'text/plain; charset=utf-8' : 'application/pdf';
    return sendGated(res, { name, type: contentType, labels: count, pages }, (out) => this.pool.render(job, guardLabels(labels, stop), out), stop, this.log);
  }

  /** `print/templates?type=`: the company's templates of a type with the customer's settings for each. */
  async choices(caller: CompanyCaller, customerId: number, type: LabelTemplateKind | undefined): Promise<PrintTemplateChoiceDto[]> {
    await this.source.customer(caller, customerId);
    const templates: LabelTemplateDto[] = [];
    for (let page = 1; ; page++) {
      const found = await this.bus.request('catalog.label_template.list', { caller, query: { type, page, per_page: 200, sort: 'name', order: 'asc' } });
      templates.push(...found.items);
      if (found.items.length < 200 || page * 200 >= found.total) break;
    }
    const settings = await Promise.all(templates.map((t) => this.bus.request('catalog.print_settings.get', { caller, customerId, templateId: t.id })));
    return templates.map(({ template: _xml, ...template }, i) => ({ template, settings: settings[i]! }));
  }

  /** `labeltemplates/placeholders`: the groups and their fields with the sample order's values. */
  placeholders(): PlaceholderGroup[] {
    const doc = sampleOrderDocument(new Date('2026-01-31T08:00:00Z')) as unknown as Record<string, unknown>;
    const line = (doc.lines as Record<string, unknown>[])[0]!;
    const show = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? '' : String(v));
    const catalogue = fieldCatalogue();
    return LABEL_GROUPS.map((group) => {
      if (group === 'form') return { group, fields: [] };
      const fields = [...(catalogue.get(group) ?? [])];
      const values = (group === 'item' || group === 'kanban_rule' || group === 'storage' ? line[group] : group === 'line' ? line : doc[group]) as Record<string, unknown> | null;
      const list = fields.map((field) => ({ path: `${group}.${field}`, field, example: group === 'label' ? META_EXAMPLES[field] ?? '' : show(values?.[field]) }));
      if (group === 'line')
        for (const sub of ['item', 'kanban_rule', 'storage'] as const)
          for (const field of catalogue.get(sub) ?? [])
            list.push({ path: `line.${sub}.${field}`, field: `${sub}.${field}`, example: show((line[sub] as Record<string, unknown> | null)?.[field]) });
      return { group, fields: list };
    });
  }

  /** `labeltemplates/preview`: the unsaved XML as SVG with the source's data (or the sample order). */
  async preview(caller: CompanyCaller, body: PrintPreviewRequest): Promise<PrintPreviewResult> {
    const problems = checkLabelTemplate(body.template).map((p) => ({ line: p.line, column: p.column, message: p.reason }));
    const empty = (sample: boolean): PrintPreviewResult => ({ svg: '', width: 0, height: 0, page: 1, pages: 0, sample, problems });
    if (problems.length > 0) return empty(!body.source);
    const template = parseLabelTemplate(body.template);
    const kind = body.type ?? 'Item';
    const keys = imageKeys(template);
    const { data, sample } = await this.previewData(caller, kind, body.source ?? {}, keys.has('item'));
    const logo = keys.has('company.logo') ? await this.source.companyLogo(await this.source.company(caller)) : null;
    try {
      const result = await renderSvg(
        { template, labels: [{ data, copies: 1 }], count: 1, form: body.form, images: logo ? { 'company.logo': logo } : undefined, settings: { paper: 'label' } },
        { page: body.page ?? 1 },
      );
      return { svg: result.svg, width: result.width, height: result.height, page: result.page, pages: result.pages, sample, problems };
    } catch (err) {
      if (err instanceof AppError && (err.code === ErrorCode.PrintError || err.code === ErrorCode.Validation))
        return { ...empty(sample), width: template.width, height: template.height, problems: [{ line: 0, column: 0, message: err.message }] };
      throw err;
    }
  }

  private async previewData(
    caller: CompanyCaller,
    kind: LabelTemplateKind,
    source: NonNullable<PrintPreviewRequest['source']>,
    itemImages: boolean,
  ): Promise<{ data: LabelData; sample: boolean }> {
    const fromDoc = (doc: OrderDocument): LabelData => (kind === 'DeliveryNote' ? labelDataFromOrderDocument(doc) : kind === 'Location' ? locationOf(doc) : (lineLabelData(doc)[0] ?? labelDataFromOrderDocument(doc)));
    const locationOf = (doc: OrderDocument): LabelData => ({ company: { ...doc.company }, customer: { ...doc.customer }, location: { ...doc.location } });
    if (source.order_id !== undefined) {
      const order = await this.bus.request('orders.order.get', { caller, scope: {}, orderId: source.order_id });
      const doc = await this.source.orderDocument(caller, { customerId: order.customer_id }, order.id);
      return { data: fromDoc(doc), sample: false };
    }
    if (source.rule_id !== undefined || source.item_id !== undefined) {
      let rule;
      if (source.rule_id !== undefined) rule = await this.bus.request('orders.rule.get', { caller, ruleId: source.rule_id });
      else {
        const found = await this.bus.request('orders.rule.list', { caller, query: { item_id: source.item_id, all: true, page: 1, per_page: 1 } });
        rule = found.items[0];
        if (!rule) throw AppError.validation('source.item_id', `item ${source.item_id} has no kanban rule to preview with`);
      }
      for await (const label of this.source.ruleLabels(caller, [rule], () => 1, { itemImages })) return { data: label.data, sample: false };
    }
    if (source.location_id !== undefined) {
      if (source.customer_id === undefined) throw AppError.validation('source.customer_id', 'a location is previewed with its customer_id');
      const [data] = await this.source.locationLabels(caller, source.customer_id, [source.location_id]);
      return { data: data!, sample: false };
    }
    if (source.customer_id !== undefined) {
      const [data] = await this.source.locationLabels(caller, source.customer_id, undefined);
      if (data) return { data, sample: false };
    }
    return { data: fromDoc(sampleOrderDocument(new Date())), sample: true };
  }
}
