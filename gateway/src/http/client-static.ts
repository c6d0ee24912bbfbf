import type { ServerResponse } from 'node:http';
import { relative, sep } from 'node:path';
import expressStaticGzip from 'express-static-gzip';

/** Hashed build output (Vite's assetsDir): a new build gives new names, so a copy never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the icon, the manifest): revalidated on every load, so a deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

function cacheControlFor(distDir: string, path: string): string {
  return relative(distDir, path).startsWith(`assets${sep}`) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built client: the brotli or gzip file the build made beside each asset when the
 * browser accepts it (Content-Encoding and Vary: Accept-Encoding set), the plain file otherwise;
 * hashed assets cached for a year, the rest revalidated with its ETag.
 */
export function serveClient(distDir: string) {
  return expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: 'index.html',
    serveStatic: {
      cacheControl: false,
      setHeaders(res: ServerResponse, path: string) {
        res.setHeader('Cache-Control', cacheControlFor(distDir, path));
      },
    },
  });
}
