import type { NextFunction, Request, Response } from 'express';

/**
 * The web app's policy: its scripts come only from its own origin (the Vite build has no inline script), styles
 * from its origin and inline (Chakra UI / emotion insert <style> elements at run time), images from its origin
 * and data:/blob: URLs (previews of a chosen file), no plugins, no framing, forms and <base> only to itself.
 * Swagger UI (/api/docs) loads its script files from the same origin and passes the same policy.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers (JSON, files, images) are never documents to render: nothing may load from them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (written here rather than with helmet: a dozen lines, one policy per kind of
 * answer, and no dependency to follow): Content-Security-Policy, X-Content-Type-Options nosniff, Referrer-Policy
 * no-referrer (reset and invitation links carry their token in the address), X-Frame-Options DENY for browsers
 * without frame-ancestors, Cross-Origin-Opener-Policy, and Strict-Transport-Security only when the request came
 * over TLS (`req.secure`: the connection, or X-Forwarded-Proto from a proxy `TRUST_PROXY` trusts).
 */
export function securityHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    const api = req.path === '/api' || req.path.startsWith('/api/');
    const docs = req.path === '/api/docs' || req.path.startsWith('/api/docs/');
    res.setHeader('Content-Security-Policy', api && !docs ? API_CSP : APP_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}
