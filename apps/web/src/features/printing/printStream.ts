import { WEB_API_KEY } from '../../shared/api/api';
import { type ApiError, isEnvelope } from '../../shared/api/apiError';
import { fileNameOf } from '../../shared/api/download';

/** What has arrived of a print so far: labels and pages as the answer's headers announce them, bytes read. */
export interface PrintProgress {
  labels: number | null;
  pages: number | null;
  bytes: number;
}

export interface PrintedFile {
  blob: Blob;
  name: string;
  labels: number | null;
  pages: number | null;
}

function headerNumber(response: Response, name: string): number | null {
  const value = response.headers.get(name);
  if (value === null || value.trim() === '' || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/**
 * POST print/{type}: the answer is streamed page by page, so it is read chunk by chunk and `onProgress` told the
 * labels and pages (X-Label-Count, X-Page-Count) and the bytes received. Answers the file (a Blob and its name from
 * content-disposition, label.pdf / label.zpl by default), or throws the envelope's ApiError (1055 with the reason)
 * or a network ApiError when the answer breaks off.
 */
export async function fetchPrint(
  token: string | null,
  url: string,
  body: unknown,
  onProgress: (progress: PrintProgress) => void,
  signal?: AbortSignal,
): Promise<PrintedFile> {
  const headers: Record<string, string> = { 'X-API-Key': WEB_API_KEY, 'content-type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${url}`, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch {
    throw { status: 0, code: 0, message: '', network: true } satisfies ApiError;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const envelope: unknown = await response.json().catch(() => null);
    throw (
      isEnvelope(envelope)
        ? {
            status: response.status,
            code: envelope.Meta.code,
            message: envelope.Meta.message,
            field: envelope.Meta.field,
            errors: (envelope.Data as { errors?: ApiError['errors'] } | null)?.errors,
            data: (envelope.Data as Record<string, unknown> | null) ?? undefined,
          }
        : { status: response.status, code: response.status, message: '', network: [502, 503, 504].includes(response.status) }
    ) satisfies ApiError;
  }
  const labels = headerNumber(response, 'X-Label-Count');
  const pages = headerNumber(response, 'X-Page-Count');
  const zpl = type.startsWith('text/plain') || type.includes('zpl');
  const name = fileNameOf(response.headers.get('content-disposition'), zpl ? 'label.zpl' : 'label.pdf');
  onProgress({ labels, pages, bytes: 0 });
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        onProgress({ labels, pages, bytes });
      }
    } catch {
      throw { status: response.status, code: 0, message: '', network: true } satisfies ApiError;
    }
  }
  return { blob: new Blob(chunks as BlobPart[], { type: type || 'application/pdf' }), name, labels, pages };
}
