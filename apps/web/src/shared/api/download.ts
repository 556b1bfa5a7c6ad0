import { type ApiError, isEnvelope } from './apiError';
import { WEB_API_KEY } from './api';

/**
 * A file the API answers only with the session's token (an order's attachment and pictures, the location report):
 * the response when it carries the bytes (its type is not JSON), else an ApiError from the envelope.
 */
export async function fetchFile(token: string | null, url: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'X-API-Key': WEB_API_KEY };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  if (response.ok && !(response.headers.get('content-type') ?? '').startsWith('application/json')) return response;
  const body: unknown = await response.json().catch(() => null);
  const error: ApiError = isEnvelope(body)
    ? { status: response.status, code: body.Meta.code, message: body.Meta.message, field: body.Meta.field }
    : { status: response.status, code: response.status, message: `HTTP ${response.status}` };
  throw error;
}

/** Saves bytes under a name as the browser's download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a content-disposition header (`filename="..."` or RFC 5987 `filename*=`), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed encoding: fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}
