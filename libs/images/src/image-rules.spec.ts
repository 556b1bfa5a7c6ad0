import sharp from 'sharp';
import { AppError, ErrorCode } from '@kanban/access';
import { DEFAULT_IMAGE_SIZE, fitImage, IMAGE_SIZES, prepareUpload, requestedSize } from './image-rules';

function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff', channels: 3 | 4 = 3): Promise<Buffer> {
  const background = channels === 4 ? { r: 10, g: 120, b: 200, alpha: 0.5 } : { r: 10, g: 120, b: 200 };
  return sharp({ create: { width, height, channels, background } })
    .toFormat(format)
    .toBuffer();
}

async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
}

describe('prepareUpload', () => {
  it('scales a large image down to fit inside 3840x2160, keeping its format', async () => {
    const image = await prepareUpload(await picture(5000, 3000, 'png'));
    expect(image).toMatchObject({ format: 'png', mime: 'image/png', width: 3600, height: 2160 });
    expect(await sharp(image.data).metadata()).toMatchObject({ format: 'png', width: 3600, height: 2160 });
  });

  it('scales a tall image by its height and never enlarges a small one', async () => {
    expect(await prepareUpload(await picture(1000, 4000, 'jpeg'))).toMatchObject({ format: 'jpeg', width: 540, height: 2160 });
    expect(await prepareUpload(await picture(300, 200, 'webp'))).toMatchObject({ format: 'webp', mime: 'image/webp', width: 300, height: 200 });
  });

  it('stores GIF and TIFF as PNG when transparent and as JPEG otherwise', async () => {
    expect((await prepareUpload(await picture(50, 40, 'gif', 4))).format).toBe('png');
    expect((await prepareUpload(await picture(50, 40, 'tiff', 3))).format).toBe('jpeg');
  });

  it('turns the picture upright by its EXIF orientation and strips the metadata', async () => {
    const sideways = await sharp({ create: { width: 400, height: 100, channels: 3, background: 'white' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await prepareUpload(sideways);
    expect([image.width, image.height]).toEqual([100, 400]);
    expect((await sharp(image.data).metadata()).orientation).toBeUndefined();
  });

  it('answers 1013 for no file, an empty file, a text file, an SVG and a truncated image', async () => {
    expect(await codeOf(prepareUpload(undefined))).toBe(ErrorCode.NoImage);
    expect(await codeOf(prepareUpload(Buffer.alloc(0)))).toBe(ErrorCode.NoImage);
    expect(await codeOf(prepareUpload(Buffer.from('just some text, not a picture\n')))).toBe(ErrorCode.NoImage);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect(await codeOf(prepareUpload(svg))).toBe(ErrorCode.NoImage);
    const jpeg = await picture(200, 200, 'jpeg');
    expect(await codeOf(prepareUpload(jpeg.subarray(0, jpeg.length / 2)))).toBe(ErrorCode.NoImage);
  });
});

describe('requestedSize', () => {
  it('falls back to 128 for 20 or less, empty or missing', () => {
    for (const raw of [undefined, '', ' ', '0', '10', '20', '-5', 20, null]) expect(requestedSize(raw)).toBe(DEFAULT_IMAGE_SIZE);
  });

  it('snaps sizes above 20 up to the next allowed size, at most 3840', () => {
    expect(requestedSize('21')).toBe(32);
    expect(requestedSize('64')).toBe(64);
    expect(requestedSize('65')).toBe(96);
    expect(requestedSize('300')).toBe(384);
    expect(requestedSize(' 512 ')).toBe(512);
    expect(requestedSize('3000')).toBe(3840);
    expect(requestedSize('100000')).toBe(3840);
    expect(requestedSize(130)).toBe(192);
    // whatever is asked, only IMAGE_SIZES come out: at most that many variants per image
    const served = new Set(Array.from({ length: 5000 }, (_, i) => requestedSize(String(i))));
    expect([...served].sort((a, b) => a - b)).toEqual([...IMAGE_SIZES]);
  });

  it('answers 1000 naming size for anything but a whole number', () => {
    for (const raw of ['abc', '300.7', '1e3', '0x40', '64px', 'Infinity', 'NaN', ['64', '500'], { a: 1 }, 1.5, '9999999999']) {
      expect(() => requestedSize(raw)).toThrow(expect.objectContaining({ code: ErrorCode.Validation, field: 'size' }));
    }
  });
});

describe('fitImage', () => {
  it('fits the stored image inside size x size without enlarging it', async () => {
    const stored = (await prepareUpload(await picture(600, 400, 'png'))).data;
    expect(await fitImage(stored, 128)).toMatchObject({ format: 'png', width: 128, height: 85 });
    expect(await fitImage(stored, 300)).toMatchObject({ width: 300, height: 200 });
    expect(await fitImage(stored, 3840)).toMatchObject({ width: 600, height: 400 });
  });
});
