import { Box, Button } from '@chakra-ui/react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { errorText, isApiError } from '../../shared/api/apiError';
import { fetchFile } from '../../shared/api/download';
import { useAppSelector } from '../../shared/hooks';
import { uploadErrorText } from '../../shared/images';
import { Icon } from '../../shared/icons';

// The parts of OrderFiles: error texts of uploads, a file's size, a picture fetched with the token, a file button.

type T = (key: string, options?: Record<string, unknown>) => string;

/** The translated text of a failed attachment upload: no file, neither PDF nor picture, too large, too many pixels. */
export function attachmentErrorText(error: unknown, t: T): string {
  if (isApiError(error)) {
    if (error.code === 1013) return t('orders.files.errors.noFile');
    if (error.code === 1000 && /larger than/.test(error.message)) return t('orders.files.errors.tooLarge');
    if (error.code === 1000 && /megapixels/.test(error.message)) return t('images.errors.tooManyPixels');
    if (error.code === 1000 && error.field === 'file') return t('orders.files.errors.notPdfOrImage');
  }
  return errorText(error, t);
}

/** A picture's text: the image rules' texts, and the limit of pictures per order. */
export function pictureErrorText(error: unknown, t: T): string {
  if (isApiError(error) && error.code === 1000 && /at most \d+ pictures/.test(error.message)) return t('orders.files.errors.tooManyPictures');
  return uploadErrorText(error, t);
}

export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** An order's picture, fetched with the session's token (the address is not public) and shown from memory. */
export function OrderPicture({
  url,
  size,
  alt,
  testId,
  maxWidth = '100%',
  maxHeight = '100%',
}: {
  url: string;
  size: number;
  alt: string;
  testId?: string;
  maxWidth?: string;
  maxHeight?: string;
}) {
  const token = useAppSelector((s) => s.session.token);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchFile(token, `${url}?size=${size}`)
      .then((response) => response.blob())
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [token, url, size]);
  return src ? (
    <img src={src} alt={alt} data-testid={testId} style={{ maxWidth, maxHeight, objectFit: 'contain' }} />
  ) : (
    <Box color="gray.400">
      <Icon name="image" />
    </Box>
  );
}

/** Hidden file input and its button: picks one file and hands it over. */
export function PickButton({ accept, label, busy, testId, onPick }: { accept: string; label: string; busy: boolean; testId: string; onPick: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <>
      <input ref={input} type="file" accept={accept} hidden onChange={pick} data-testid={`${testId}-input`} aria-label={label} />
      <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()} data-testid={testId}>
        <Icon name="add" />
        {label}
      </Button>
    </>
  );
}
