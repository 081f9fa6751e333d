import type { MiddlewareHandler } from 'hono';

/**
 * Content Security Policy of every response. Model text is rendered as
 * text (React escapes it); the policy is the second wall: no inline
 * script, no script or connection to any other origin, no plugins, no
 * framing. Inline `style` attributes stay allowed because React sets
 * layout through them (virtualised rows, heatmap colours).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Adds the security headers to every response. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
  };
}

/** Host names a loopback-bound viewer answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]', '::1'];

/**
 * Refuses requests whose Host is not one of `allowed`. A page on another
 * site could otherwise point its own domain at 127.0.0.1 (DNS rebinding)
 * and read the API from the user's browser. `null` allows every host
 * (`--host` bound to a network address, where the user chose exposure).
 */
export function hostCheck(allowed: readonly string[] | null): MiddlewareHandler {
  const hosts = allowed === null ? null : new Set(allowed.map((host) => host.toLowerCase()));
  return async (c, next) => {
    if (hosts !== null && !hosts.has(new URL(c.req.url).hostname.toLowerCase())) {
      return c.json({ error: { code: 'FORBIDDEN_HOST', message: 'this viewer only answers on its own address', hint: 'open the URL that `quorum ui` printed' } }, 403);
    }
    return next();
  };
}
