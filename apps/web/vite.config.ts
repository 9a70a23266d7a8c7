import { writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { VersionFile } from '@portal/contracts/application';
import packageJson from './package.json' with { type: 'json' };
import { languagePreloadFiles } from './build/language-preload.ts';
import { precompressDir } from './build/precompress.ts';

const buildTime = new Date().toISOString();
// A new version per build: the portal compares it with the one it started on and reloads when it changes.
const version = `${packageJson.version}+${buildTime.replace(/\D/g, '').slice(0, 14)}`;

/** Writes dist/versionUser.json, the file the running portal polls on navigation. */
function versionFilePlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-version-file',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const file: VersionFile = { version, buildTime };
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'versionUser.json'), `${JSON.stringify(file)}\n`);
    },
  };
}

/**
 * axios ships three transports and picks the first the environment supports: in a browser that is
 * always XMLHttpRequest, so its fetch transport (with its stream helpers) is dead weight on every page.
 * The build replaces that one module with axios's own "not in this build" marker (null), which axios
 * reports clearly should anything ever ask for `adapter: 'fetch'`. Tests keep the real module.
 */
function axiosWithoutFetchPlugin(): Plugin {
  return {
    name: 'portal-axios-without-fetch',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/.test(id)
        ? 'export const getFetch = () => null;\nexport default null;\n'
        : null;
    },
  };
}

/**
 * antd's ConfigProvider imports the tooltip's UniqueProvider (and with it the popup-positioning engine)
 * for its `tooltip.unique` option, which the portal never sets, so every page downloaded that engine
 * before showing anything. The build turns that import into a lazy one: the option would still work,
 * loading the code when used. If an antd upgrade changes the line, the build stops here so the saving
 * is not lost silently.
 */
function antdLazyTooltipProviderPlugin(): Plugin {
  const line = "import UniqueProvider from '../tooltip/UniqueProvider';";
  return {
    name: 'portal-antd-lazy-tooltip-provider',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(id)) return null;
      if (!code.includes(line) || !code.includes("import * as React from 'react';"))
        this.error("antd's ConfigProvider no longer imports UniqueProvider as expected: revisit this plugin");
      return {
        code: code.replace(
          line,
          "const UniqueProvider = /*#__PURE__*/ React.lazy(() => import('../tooltip/UniqueProvider'));",
        ),
        map: null,
      };
    },
  };
}

/**
 * The default language's pack (the app's zh-CN messages, antd's and dayjs's zh-CN locales) is a dynamic
 * import that main.tsx starts only once the entry has downloaded and run. Most users read zh-CN, so the
 * shell preloads those chunks (`modulepreload`: fetched and parsed, not run) next to the entry: they
 * arrive while the entry is still downloading instead of a round trip after it. Another language still
 * loads only its own pack; the preloaded zh-CN bytes (about 10 KB) are then unused.
 */
function preloadDefaultLanguagePlugin(): Plugin {
  let base = '/';
  return {
    name: 'portal-preload-default-language',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        let files: string[];
        try {
          files = languagePreloadFiles(chunks, entry.fileName);
        } catch (error) {
          this.error(`Preloading the default language: ${(error as Error).message}; revisit this plugin`);
        }
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * After the build has written dist/, writes a brotli (.br) and a gzip (.gz) copy beside every compressible
 * file of 1 KiB or more. The server picks the copy the browser accepts (@fastify/static `preCompressed`),
 * so assets go out compressed at the best ratio without compressing on every request.
 */
function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const files = await precompressDir(outDir);
        const total = (key: 'raw' | 'br' | 'gzip') => files.reduce((sum, file) => sum + file[key], 0);
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
        this.environment.logger.info(
          `precompressed ${files.length} files: ${kib(total('raw'))} → br ${kib(total('br'))}, gzip ${kib(total('gzip'))}`,
        );
      },
    },
  };
}

const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    versionFilePlugin(),
    axiosWithoutFetchPlugin(),
    antdLazyTooltipProviderPlugin(),
    preloadDefaultLanguagePlugin(),
    precompressPlugin(),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __APP_BUILD_TIME__: JSON.stringify(buildTime),
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/versionUser.json': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    // .vite/manifest.json maps source files to chunks; bench/bundle-size.mjs reads it.
    manifest: true,
    // Each route is its own chunk (React.lazy); antd is imported per component so a page only pulls what
    // it renders. The React runtime gets a named chunk so it stays cached across deployments; everything
    // else the entry needs at start is one chunk (see codeSplitting below).
    rolldownOptions: {
      // The shared contracts build zod schemas at module level; the web app mostly needs their constants
      // and types. Marking schema construction pure lets unused schemas (and zod itself) drop out of the
      // pages that never validate anything.
      treeshake: {
        manualPureFunctions: ['z', 'envelopeSchema', 'pageSchema'],
        // antd's building blocks (@rc-component/*) declare no `sideEffects`, though their modules only
        // define components and helpers. Without this hint every module a barrel file or a shared helper
        // mentions counts as used: the sign-in page would carry the form validator (antd's Input reaches
        // it through a context module), TextArea and the tooltip trigger.
        moduleSideEffects: (id) => (/node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 10,
            },
            // What the entry imports statically (antd's core, i18next, axios, the shell's first screen)
            // in one file instead of a dozen small common chunks: gzip compresses one file better, and
            // each page loads it anyway. Lazy pages keep their own chunks.
            { name: 'startup', tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 600,
  },
});
