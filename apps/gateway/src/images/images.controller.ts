import { Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Caller, UserDto } from '@kanban/contracts';
import { Public } from '../auth/guards';
import { CurrentCaller } from '../auth/request-user';
import { ImagesService } from './images.service';
import { UploadErrorsInterceptor } from './upload-errors.interceptor';

/** What multer (memory storage) hands over for the `file` field. */
interface UploadedBytes {
  buffer: Buffer;
  size: number;
  mimetype: string;
  originalname: string;
}

@ApiTags('images')
@Controller('image')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Post()
  @HttpCode(200)
  @ApiBearerAuth()
  @UseInterceptors(UploadErrorsInterceptor, FileInterceptor('file'))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({
    summary: 'Upload the own profile image (multipart field "file"); answers the user with img.url and image_id',
    description:
      'The image is scaled down to fit inside 3840x2160 and replaces the previous one. No file or a file that is not an image ' +
      'answers 1013; a file above IMAGE_UPLOAD_LIMIT (default 20 MB) answers 1000 (field file). Remove the image with ' +
      'POST /api/auth/user/update {"image_id": null}.',
  })
  upload(@CurrentCaller() caller: Caller, @UploadedFile() file: UploadedBytes | undefined): Promise<UserDto> {
    return this.images.uploadProfileImage(caller, file?.buffer);
  }

  @Get(':key')
  @Public()
  @ApiParam({ name: 'key', description: 'the random key from img.url' })
  @ApiQuery({ name: 'size', required: false, type: Number, description: 'fit inside size x size pixels, snapped up to 32, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048 or 3840; 20 or less, or none, gives 128; not a whole number answers 1000' })
  @ApiOkResponse({
    description: 'the image in its stored format; an unknown key answers the 404 envelope',
    content: Object.fromEntries(['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiOperation({ summary: 'An image fitted inside size x size (public: the address is unguessable, so <img src> works)' })
  async get(@Param('key') key: string, @Query('size') size: unknown, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const image = await this.images.fitted(key, size);
    // The bytes under a key never change (a new upload gets a new key): cache for a year.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(image.data, { type: image.mime, length: image.data.length, disposition: 'inline' });
  }
}
