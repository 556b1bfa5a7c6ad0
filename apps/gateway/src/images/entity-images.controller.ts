import { Body, Controller, Get, HttpCode, Patch, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CompanyCaller, type EntityImageDto, ImageSubjects, type RemoveImagesReply } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { EntityImageDeleteDto, EntityImageUpdateDto, EntityImageUploadDto, flagOf, ImageOwnerDto, ownerOf } from './entity-images.dto';
import { ImagesService } from './images.service';
import { UploadErrorsInterceptor, UploadField } from './upload-errors.interceptor';

/** What multer (memory storage) hands over for the `image` field. */
interface UploadedBytes {
  buffer: Buffer;
}

/**
 * Images of customers, suppliers, locations and items. Reading needs the read group of the entity's kind
 * (customer group for customers and locations, supplier group for suppliers, either for items: the supplier
 * group only for items of a catalog), changing the user group; the catalog checks that the entity exists in
 * the company and that the caller's access restrictions allow it (404 otherwise).
 */
@ApiTags('images')
@Controller('c/:companyID/image')
export class EntityImagesController {
  constructor(
    private readonly images: ImagesService,
    private readonly bus: ServiceBus,
  ) {}

  @Get()
  @Access('member')
  @ApiOperation({ summary: "An entity's images (one of customer_id, supplier_id, ...), the selected one first" })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: ImageOwnerDto): Promise<EntityImageDto[]> {
    return this.bus.request(ImageSubjects.list, { caller, owner: ownerOf(query) });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @UploadField('image')
  @UseInterceptors(UploadErrorsInterceptor, FileInterceptor('image'))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', format: 'binary' },
        ...Object.fromEntries(['customer_id', 'location_id', 'storage_id', 'storage_location_id', 'supplier_id', 'item_id', 'image_id'].map((f) => [f, { type: 'integer' }])),
        selected: { type: 'string', enum: ['0', '1'] },
        selected_label: { type: 'string', enum: ['0', '1'] },
      },
    },
  })
  @ApiOperation({
    summary: 'Upload an image of an entity (multipart field "image" and one entity id); image_id replaces that image',
    description:
      'Scaled down to fit inside 3840x2160. No file or a file that is not a picture (judged by its content) answers 1013; a file ' +
      'above IMAGE_UPLOAD_LIMIT or above 100 megapixels answers 1000 (field image). The first image of an entity is selected.',
  })
  async upload(@CompanyCtx() caller: CompanyCaller, @UploadedFile() file: UploadedBytes | undefined, @Body() body: EntityImageUploadDto): Promise<EntityImageDto> {
    const owner = ownerOf(body);
    return this.images.uploadEntityImage(caller, file?.buffer, {
      owner,
      replaceId: body.image_id,
      selected: flagOf(body.selected),
      selectedLabel: flagOf(body.selected_label),
    });
  }

  @Patch()
  @Access('user')
  @ApiOperation({ summary: 'Set or clear selected / selected_label of an image (one of each per entity)' })
  update(@CompanyCtx() caller: CompanyCaller, @Body() body: EntityImageUpdateDto): Promise<EntityImageDto> {
    return this.bus.request(ImageSubjects.update, { caller, id: body.id, selected: body.selected, selectedLabel: body.selected_label });
  }

  @Post('delete')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Delete images by id (all or none: an unknown id answers 404)' })
  remove(@CompanyCtx() caller: CompanyCaller, @Body() body: EntityImageDeleteDto): Promise<RemoveImagesReply> {
    return this.images.removeEntityImages(caller, body.ids);
  }
}
