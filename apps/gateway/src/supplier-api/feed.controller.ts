import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type FeedCaller, type FeedPage, type FeedSupplyDto, SupplierFeedSubjects } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Public } from '../auth/guards';
import { IdParam } from '../http/validation';
import { renderCsv, renderOpenTransOrder } from '@kanban/notify-templates';
import { feedCsv, supplyDocument } from './feed-formats';
import { FeedCtx, SupplierClientGuard } from './supplier-client.guard';
import { AckDto, FeedQueryDto, SupplyFormatQueryDto } from './supplier-api.dto';

function file(data: Buffer, type: string): StreamableFile {
  return new StreamableFile(data, { type, length: data.length });
}

function wants(format: string | undefined, accept: string | undefined, kind: 'csv' | 'opentrans'): boolean {
  if (format !== undefined) return format === kind;
  const a = (accept ?? '').toLowerCase();
  return kind === 'csv' ? a.includes('text/csv') : a.includes('application/xml') || a.includes('text/xml');
}

/**
 * The supplier API (docs/supplier-api.md): a supplier's system, signed in with its client's token, pulls its
 * supplies changed after a cursor and acknowledges them. Only these routes take supplier API tokens (the user guards
 * are off here: @Public(), and SupplierClientGuard checks instead); the ids of the path must be the token's.
 */
@ApiTags('supplier API')
@ApiBearerAuth()
@Controller('supplierapi/c/:companyID/supplier/:supplierID')
@Public()
@UseGuards(SupplierClientGuard)
export class SupplierFeedController {
  constructor(private readonly bus: ServiceBus) {}

  @Get('supply')
  @ApiProduces('application/json', 'text/csv')
  @ApiOperation({
    summary:
      'Supplies (with lines) created or changed after the cursor `since`, oldest change first, up to `limit` (default 100); answers {items, next_cursor, has_more}. Pulling marks nothing: pull again with next_cursor. format=csv or Accept: text/csv: the lines as CSV, the cursor in X-Next-Cursor and X-Has-More',
  })
  async pull(
    @FeedCtx() caller: FeedCaller,
    @IdParam('supplierID') _supplierId: number,
    @Query() query: FeedQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<FeedPage | StreamableFile> {
    const page = await this.bus.request(SupplierFeedSubjects.pull, { caller, query: { since: query.since, limit: query.limit } });
    if (!wants(query.format, accept, 'csv')) return page;
    response.setHeader('X-Next-Cursor', page.next_cursor);
    response.setHeader('X-Has-More', String(page.has_more));
    return file(feedCsv(page.items), 'text/csv; charset=utf-8');
  }

  @Get('supply/:supplyID')
  @ApiProduces('application/json', 'text/csv', 'application/xml')
  @ApiOperation({ summary: 'One supply with its lines: JSON, CSV (format=csv) or an openTRANS 2.1 ORDER (format=opentrans or Accept: application/xml); another supplier\'s: 404' })
  async one(
    @FeedCtx() caller: FeedCaller,
    @IdParam('supplyID') supplyId: number,
    @Query() query: SupplyFormatQueryDto,
    @Headers('accept') accept: string | undefined,
  ): Promise<FeedSupplyDto | StreamableFile> {
    const supply = await this.bus.request(SupplierFeedSubjects.get, { caller, supplyId });
    if (wants(query.format, accept, 'opentrans')) return file(renderOpenTransOrder(supplyDocument(supply)), 'application/xml; charset=utf-8');
    if (wants(query.format, accept, 'csv')) return file(renderCsv(supplyDocument(supply)), 'text/csv; charset=utf-8');
    return supply;
  }

  @Post('supply/:supplyID/ack')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Acknowledge receipt: the supply's lines become TR (transmitted); with po_number, PO (the supplier's order number received) and the order takes the number. Safe to repeat; another supplier's supply: 404",
  })
  ack(@FeedCtx() caller: FeedCaller, @IdParam('supplyID') supplyId: number, @Body() body: AckDto): Promise<FeedSupplyDto> {
    return this.bus.request(SupplierFeedSubjects.ack, { caller, supplyId, input: { po_number: body.po_number ?? null } });
  }
}
