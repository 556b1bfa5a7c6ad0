import {
  applyDecorators,
  Controller,
  createParamDecorator,
  Delete,
  type ExecutionContext,
  Get,
  HttpCode,
  Post,
  Query,
  Res,
  StreamableFile,
  type Type,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppError, ErrorCode, Role } from '@kanban/access';
import { type CompanyCaller, MAX_ORDER_IMAGES, type OrderDto, type OrderImageDto, type OrderScope } from '@kanban/contracts';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam, positiveId } from '../http/validation';
import { UploadErrorsInterceptor, UploadField, UploadLimit } from '../images/upload-errors.interceptor';
import { ATTACHMENT_UPLOAD_LIMIT, downloadDisposition, OrderFilesService, type UploadedBytes } from './order-files.service';

/** The scope of the address: `customerID` and `locationID` when the path has them (a positive integer, else 1000 naming it). */
const ScopeParams = createParamDecorator((_: unknown, ctx: ExecutionContext): OrderScope => {
  const params = ctx.switchToHttp().getRequest<Request>().params as Record<string, string | undefined>;
  const id = (name: string): number | undefined => {
    const value = params[name];
    return value === undefined ? undefined : positiveId(name, value);
  };
  const scope: OrderScope = {};
  const customerId = id('customerID');
  const locationId = id('locationID');
  if (customerId !== undefined) scope.customerId = customerId;
  if (locationId !== undefined) scope.locationId = locationId;
  return scope;
});

/**
 * Read-only users answer 1020 before their upload is checked or stored (the orders service checks it again); suppliers and
 * other companies never pass the `customer` group.
 */
function assertMayChange(caller: CompanyCaller): void {
  if (caller.role === Role.Readonly) throw new AppError(ErrorCode.NoPermission, 'read-only users cannot change the files of an order');
}

const MB = ATTACHMENT_UPLOAD_LIMIT / 1024 / 1024;
const WHO =
  'Reading: the customer group (roles 1, 2, 3, 4, 6) for orders it may see (404 otherwise); adding and removing: roles 2, 3, 6 and customer users (4) ' +
  'within their restrictions; read-only users, suppliers and other companies 1020.';

/** The multer options of a route: one file, the module's part limits and the route's size limit. */
function oneFile(field: string, limit?: number) {
  return FileInterceptor(field, limit ? { limits: { fileSize: limit, files: 1, fields: 20, parts: 25 } } : undefined);
}

const binary = (types: string[]) => Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));

/**
 * The calls of an order's attachment and pictures at one level of `order` (company, customer, location: spec 7
 * `[/customer/{id}][/location/{id}]/order/{orderID}`), built once per level like the other order calls.
 */
function orderFilesController(path: string, scopeParams: string[]): Type<unknown> {
  @ApiTags('orders')
  @Controller(path)
  @applyDecorators(...scopeParams.map((name) => ApiParam({ name, type: Number })))
  class OrderFilesController {
    constructor(readonly files: OrderFilesService) {}

    @Post(':orderID/attachment')
    @HttpCode(200)
    @Access('customer')
    @UploadField('file')
    @UploadLimit(ATTACHMENT_UPLOAD_LIMIT)
    @UseInterceptors(UploadErrorsInterceptor, oneFile('file', ATTACHMENT_UPLOAD_LIMIT))
    @ApiConsumes('multipart/form-data')
    @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
    @ApiOperation({
      summary: "Attach a PDF or a picture to the order (multipart field \"file\"), replacing its attachment; answers the order",
      description:
        `A PDF is recognised by its content (%PDF-); a picture is scaled down to fit inside 3840x2160 and kept as JPEG, PNG or WebP. ` +
        `Anything else, a file above ${MB} MB or a picture above 100 megapixels answers 1000 (field file); no file 1013. ` +
        `The previous attachment's bytes are removed; the history gets a U event. ${WHO}`,
    })
    async upload(
      @CompanyCtx() caller: CompanyCaller,
      @ScopeParams() scope: OrderScope,
      @IdParam('orderID') orderId: number,
      @UploadedFile() file: UploadedBytes | undefined,
    ): Promise<OrderDto> {
      assertMayChange(caller);
      return this.files.uploadAttachment(caller, scope, orderId, file);
    }

    @Get(':orderID/attachment')
    @Access('customer')
    @ApiOkResponse({ description: 'the file with its type and name (content-disposition attachment)', content: binary(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']) })
    @ApiOperation({ summary: "The order's attachment (404 when it has none)", description: WHO })
    async download(
      @CompanyCtx() caller: CompanyCaller,
      @ScopeParams() scope: OrderScope,
      @IdParam('orderID') orderId: number,
      @Res({ passthrough: true }) res: Response,
    ): Promise<StreamableFile> {
      const { data, ref } = await this.files.attachment(caller, scope, orderId);
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      return new StreamableFile(data, { type: ref.mime, length: data.length, disposition: downloadDisposition(ref.name) });
    }

    @Delete(':orderID/attachment')
    @Access('customer')
    @ApiOperation({ summary: "Remove the order's attachment and its bytes (404 when it has none); answers the order", description: WHO })
    remove(@CompanyCtx() caller: CompanyCaller, @ScopeParams() scope: OrderScope, @IdParam('orderID') orderId: number): Promise<OrderDto> {
      assertMayChange(caller);
      return this.files.removeAttachment(caller, scope, orderId);
    }

    @Post(':orderID/image')
    @HttpCode(200)
    @Access('customer')
    @UploadField('image')
    @UseInterceptors(UploadErrorsInterceptor, oneFile('image'))
    @ApiConsumes('multipart/form-data')
    @ApiBody({ schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } } })
    @ApiOperation({
      summary: `Add a picture to the order (multipart field "image"; at most ${MAX_ORDER_IMAGES}); answers the picture`,
      description:
        'Scaled down to fit inside 3840x2160. No file or not a picture (judged by its content) 1013; above IMAGE_UPLOAD_LIMIT or 100 megapixels, ' +
        `or a ${MAX_ORDER_IMAGES + 1}th picture, 1000 (field image). Waiting requests take pictures too. ${WHO}`,
    })
    addImage(
      @CompanyCtx() caller: CompanyCaller,
      @ScopeParams() scope: OrderScope,
      @IdParam('orderID') orderId: number,
      @UploadedFile() file: { buffer: Buffer } | undefined,
    ): Promise<OrderImageDto> {
      assertMayChange(caller);
      return this.files.uploadImage(caller, scope, orderId, file?.buffer);
    }

    @Get(':orderID/image/:imageID')
    @Access('customer')
    @ApiQuery({ name: 'size', required: false, type: Number, description: 'fit inside size x size pixels, snapped up to 32, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048 or 3840; 20 or less, or none, gives 128; not a whole number answers 1000' })
    @ApiOkResponse({ description: 'the picture in its stored format', content: binary(['image/jpeg', 'image/png', 'image/webp']) })
    @ApiOperation({ summary: 'A picture of the order, fitted inside size x size', description: WHO })
    async image(
      @CompanyCtx() caller: CompanyCaller,
      @ScopeParams() scope: OrderScope,
      @IdParam('orderID') orderId: number,
      @IdParam('imageID') imageId: number,
      @Query('size') size: unknown,
      @Res({ passthrough: true }) res: Response,
    ): Promise<StreamableFile> {
      const image = await this.files.image(caller, scope, orderId, imageId, size);
      // A picture's bytes never change (a new upload is a new picture); only the caller may keep it.
      res.setHeader('Cache-Control', 'private, max-age=86400');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      return new StreamableFile(image.data, { type: image.mime, length: image.data.length, disposition: 'inline' });
    }

    @Delete(':orderID/image/:imageID')
    @Access('customer')
    @ApiOperation({ summary: 'Delete a picture of the order and its bytes; answers the order', description: WHO })
    removeImage(
      @CompanyCtx() caller: CompanyCaller,
      @ScopeParams() scope: OrderScope,
      @IdParam('orderID') orderId: number,
      @IdParam('imageID') imageId: number,
    ): Promise<OrderDto> {
      assertMayChange(caller);
      return this.files.removeImage(caller, scope, orderId, imageId);
    }
  }
  Object.defineProperty(OrderFilesController, 'name', { value: `${scopeParams.length === 0 ? 'Company' : scopeParams.length === 1 ? 'Customer' : 'Location'}OrderFilesController` });
  return OrderFilesController;
}

export const CompanyOrderFilesController = orderFilesController('c/:companyID/order', []);
export const CustomerOrderFilesController = orderFilesController('c/:companyID/customer/:customerID/order', ['customerID']);
export const LocationOrderFilesController = orderFilesController('c/:companyID/customer/:customerID/location/:locationID/order', ['customerID', 'locationID']);
