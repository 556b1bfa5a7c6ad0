import { Body, Controller, Get, HttpCode, Param, type PipeTransform, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppError } from '@kanban/access';
import {
  type CompanyCaller,
  type PlaceholderGroup,
  PRINT_TYPES,
  type PrintPreviewResult,
  type PrintTemplateChoiceDto,
  type PrintType,
} from '@kanban/contracts';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { PreviewBodyDto, PrintBodyDto, PrintQueryDto, PrintTemplatesQueryDto } from './print.dto';
import { PrintService } from './print.service';

class PrintTypePipe implements PipeTransform<unknown, PrintType> {
  transform(value: unknown): PrintType {
    if (typeof value === 'string' && (PRINT_TYPES as readonly string[]).includes(value)) return value as PrintType;
    throw AppError.validation('type', `must be one of ${PRINT_TYPES.join(', ')}`);
  }
}
const TypeParam = (): ParameterDecorator => Param('type', new PrintTypePipe());

const a4Of = (query: PrintQueryDto): boolean | undefined =>
  query.A4 === undefined ? undefined : query.A4 === 'true' || query.A4 === '1';

const PRINT_SUMMARY =
  "Prints labels as a PDF (sheets with A4=true, one label per page with A4=false) or ZPL (A4=false and the settings' output zpl), streamed: " +
  'item labels of the kanban rules (all active, or rule_ids / item_ids), location labels, an order\'s lines, a delivery note, the calibration page. ' +
  'Headers X-Label-Count (copies included) and X-Page-Count; content-disposition attachment (label.pdf / label.zpl). ' +
  'Errors before the first byte answer the JSON envelope (1055 with the reason: nothing to print, a barcode its data cannot make; 1000 for bad settings or form answers)';
const FILE = {
  description: 'the PDF or ZPL (attachment); errors answer the JSON envelope',
  content: {
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
    'text/plain': { schema: { type: 'string' } },
  },
};
const TYPE_PARAM = { name: 'type', enum: PRINT_TYPES };

/** Printing at a customer, a location and an order (spec: POST print/{type}?A4=, GET print/templates?type=). */
@ApiTags('printing')
@Controller('c/:companyID/customer/:customerID')
export class CustomerPrintController {
  constructor(private readonly printing: PrintService) {}

  @Get('print/templates')
  @Access('customer')
  @ApiOperation({ summary: "The label templates (built-ins and the company's own, of a type) with the customer's print settings for each" })
  templates(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: PrintTemplatesQueryDto): Promise<PrintTemplateChoiceDto[]> {
    return this.printing.choices(caller, customerId, query.type);
  }

  @Post('print/:type')
  @HttpCode(200)
  @Access('customer')
  @ApiParam(TYPE_PARAM)
  @ApiProduces('application/pdf', 'text/plain')
  @ApiOperation({ summary: PRINT_SUMMARY })
  @ApiOkResponse(FILE)
  async customer(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @TypeParam() type: PrintType,
    @Query() query: PrintQueryDto,
    @Body() body: PrintBodyDto,
    @Res() res: Response,
  ): Promise<void> {
    await this.printing.print(caller, { customerId }, type, body, a4Of(query), res);
  }

  @Post('location/:locationID/print/:type')
  @HttpCode(200)
  @Access('customer')
  @ApiParam(TYPE_PARAM)
  @ApiProduces('application/pdf', 'text/plain')
  @ApiOperation({ summary: `${PRINT_SUMMARY}; at a location: its rules, or the location's own label` })
  @ApiOkResponse(FILE)
  async location(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @TypeParam() type: PrintType,
    @Query() query: PrintQueryDto,
    @Body() body: PrintBodyDto,
    @Res() res: Response,
  ): Promise<void> {
    await this.printing.print(caller, { customerId, locationId }, type, body, a4Of(query), res);
  }

  @Post('order/:orderID/print/:type')
  @HttpCode(200)
  @Access('customer')
  @ApiParam(TYPE_PARAM)
  @ApiProduces('application/pdf', 'text/plain')
  @ApiOperation({ summary: `${PRINT_SUMMARY}; at an order: its lines (order) or its delivery note (deliverynote)` })
  @ApiOkResponse(FILE)
  async order(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('orderID') orderId: number,
    @TypeParam() type: PrintType,
    @Query() query: PrintQueryDto,
    @Body() body: PrintBodyDto,
    @Res() res: Response,
  ): Promise<void> {
    await this.printing.print(caller, { customerId, orderId }, type, body, a4Of(query), res);
  }

  @Post('location/:locationID/order/:orderID/print/:type')
  @HttpCode(200)
  @Access('customer')
  @ApiParam(TYPE_PARAM)
  @ApiProduces('application/pdf', 'text/plain')
  @ApiOperation({ summary: `${PRINT_SUMMARY}; at an order of a location` })
  @ApiOkResponse(FILE)
  async locationOrder(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('orderID') orderId: number,
    @TypeParam() type: PrintType,
    @Query() query: PrintQueryDto,
    @Body() body: PrintBodyDto,
    @Res() res: Response,
  ): Promise<void> {
    await this.printing.print(caller, { customerId, locationId, orderId }, type, body, a4Of(query), res);
  }
}

/** Item labels of a supplier's items (spec: supplier item/{itemID}/print, needs user access). */
@ApiTags('printing')
@Controller('c/:companyID/supplier/:supplierID')
export class SupplierPrintController {
  constructor(private readonly printing: PrintService) {}

  @Post('print/item')
  @HttpCode(200)
  @Access('user')
  @ApiProduces('application/pdf', 'text/plain')
  @ApiOperation({ summary: "Item labels of the supplier's items (their kanban rules; item_ids / rule_ids choose), with the template's default print settings. " + PRINT_SUMMARY })
  @ApiOkResponse(FILE)
  async item(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('supplierID') supplierId: number,
    @Query() query: PrintQueryDto,
    @Body() body: PrintBodyDto,
    @Res() res: Response,
  ): Promise<void> {
    await this.printing.print(caller, { supplierId }, 'item', body, a4Of(query), res);
  }
}

/** The template editor's helpers (company settings, user access). */
@ApiTags('printing')
@Controller('c/:companyID/labeltemplates')
export class LabelTemplateToolsController {
  constructor(private readonly printing: PrintService) {}

  @Post('preview')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({
    summary:
      "Renders unsaved template XML as SVG (server side, libs/labels renderSvg) with a source's data (rule, item, location, order) or the sample order; " +
      "answers the template's problems (line, column) instead of an SVG when it has any, and a print error (line 0) when the data cannot be printed",
  })
  preview(@CompanyCtx() caller: CompanyCaller, @Body() body: PreviewBodyDto): Promise<PrintPreviewResult> {
    return this.printing.preview(caller, body);
  }

  @Get('placeholders')
  @Access('user')
  @ApiOperation({ summary: "The template language's placeholder groups and fields with the sample order's values (the editor's picker)" })
  placeholders(): PlaceholderGroup[] {
    return this.printing.placeholders();
  }
}
