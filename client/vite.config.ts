import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const OUT_DIR = resolve(import.meta.dirname, 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|ico)$/;

/**
 * The first route's stylesheets go into index.html as <style>: a phone paints without waiting for
 * another round trip (the files stay in dist for chunks that load them later).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'kabuto-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (!asset || asset.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Brotli (quality 11) and gzip (level 9) copies beside each text file, made once at build time. */
function precompress(): Plugin {
  return {
    name: 'kabuto-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of filesUnder(OUT_DIR).filter((f) => COMPRESSIBLE.test(f))) {
        if (statSync(file).size < 512) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The service worker (sw/sw.ts) with the app's shell precached (the page and its icons; the
 * screens' hashed scripts are kept as they load); registered by the app itself
 * (lib/service-worker.ts) so it can prompt for an update. The manifest is public/'s own.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    // The shell: the page and what the manifest names; scripts are kept as screens load them.
    globPatterns: ['index.html', '*.{svg,png,ico,webmanifest}'],
    globIgnores: ['admin/**', '**/*.br', '**/*.gz', 'sw.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), inlineEntryCss(), serviceWorker, precompress()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // Two entries: the app (/) and the back office (/admin/), sharing chunks they both import.
    rollupOptions: {
      input: {
        app: resolve(import.meta.dirname, 'index.html'),
        admin: resolve(import.meta.dirname, 'admin/index.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
