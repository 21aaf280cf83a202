import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Relative, so that Vite bundles it into the config (the workspace package is TypeScript source).
import { documentTitle, PUBLIC_PAGE_META } from '../../packages/shared/src/site.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(root, 'dist');
const apiOrigin = 'http://localhost:3000';
const proxiedPrefixes = ['/v1', '/auth/v1', '/_dev', '/healthz', '/readyz', '/telephony'];

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const compressible = /\.(?:js|css|html|svg)$/;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Writes .gz and .br siblings of every text asset in dist; the server sends them precompressed. */
function precompress(): Plugin {
  return {
    name: 'callwise:precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const [gz, br] = await Promise.all([
            gzipAsync(source, { level: 9 }),
            brotliAsync(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The module of a public route in src/app/routes: "/" is the landing page, "/pricing" pricing.tsx, … */
const routeModule = (pagePath: string) =>
  path.join(root, 'src/app/routes', `${pagePath === '/' ? 'landing' : pagePath.slice(1)}.tsx`);

/** The built name of a public page's HTML, served by the server for that path (apps/server/src/plugins/spa.ts). */
export const pageHtmlFile = (pagePath: string) =>
  `pages/${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;

/**
 * Writes one HTML file per public page (dist/pages/*.html): index.html with the page's title, description and
 * Open Graph tags, and `modulepreload` links for the page's own chunks, so that the browser fetches them
 * together with the entry instead of after it. index.html itself stays generic (workspace, 404).
 */
function pageHeads(): Plugin {
  return {
    name: 'callwise:page-heads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') {
        throw new Error('page-heads: index.html is not in the bundle');
      }
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[], into = new Set<string>()) => {
        for (const name of start) {
          if (into.has(name)) continue;
          into.add(name);
          closure(byName.get(name)?.imports ?? [], into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('page-heads: no entry chunk');
      const preloadedByEntry = closure([entry.fileName]);

      for (const [pagePath, meta] of Object.entries(PUBLIC_PAGE_META)) {
        const module = routeModule(pagePath);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === module);
        if (!chunk) throw new Error(`page-heads: no chunk for ${pagePath} (${module})`);
        const preloads = [...closure([chunk.fileName])]
          .filter((name) => !preloadedByEntry.has(name))
          .map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`)
          .join('\n    ');
        const title = escapeAttribute(documentTitle(meta.title));
        const description = escapeAttribute(meta.description);
        const source = html.source
          .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
          .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${description}"`)
          .replace(/(<meta\s+property="og:title"\s+content=")[^"]*"/, `$1${title}"`)
          .replace(/(<meta\s+property="og:description"\s+content=")[^"]*"/, `$1${description}"`)
          .replace(/(<meta\s+property="og:url"\s+content=")[^"]*"/, `$1%CALLWISE_PUBLIC_URL%${pagePath}"`)
          .replace('</head>', `  ${preloads}\n  </head>`);
        this.emitFile({ type: 'asset', fileName: pageHtmlFile(pagePath), source });
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), pageHeads(), precompress()],
  resolve: {
    alias: { '@': path.join(root, 'src') },
  },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiOrigin }])),
  },
});
