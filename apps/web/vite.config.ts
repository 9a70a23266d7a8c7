import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve, sep } from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { transform } from 'esbuild';
import { visualizer } from 'rollup-plugin-visualizer';
import type { VersionFile } from '@portal/contracts/application';
import packageJson from './package.json' with { type: 'json' };
import { START_MESSAGES, splitMessages } from './src/lib/i18n/start-messages.ts';
import { languagePreloadFiles } from './build/language-preload.ts';
import { precompressDir } from './build/precompress.ts';

const require = createRequire(import.meta.url);
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
 * antd modules that import, for every user of a component, code only a rarely used option needs. The build
 * turns each of these imports into a lazy one (`React.lazy`): the option still works, loading its code when
 * used; nothing the portal renders uses them.
 * - ConfigProvider and Tooltip import the tooltip's UniqueProvider (and with it a second popup-positioning
 *   engine) for the `tooltip.unique` option and the `Tooltip.UniqueProvider` property, which the portal
 *   never sets or renders; every page downloaded it before showing anything.
 * - Typography imports its in-place editor (`editable`, with antd's TextArea) into every Text and Title.
 * - Card imports Tabs for its `tabList` header into every card.
 * If an antd upgrade changes a line, the build stops here so the saving is not lost silently.
 */
const ANTD_LAZY_IMPORTS = [
  {
    file: /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    line: "import UniqueProvider from '../tooltip/UniqueProvider';",
    lazy: "const UniqueProvider = /*#__PURE__*/ React.lazy(() => import('../tooltip/UniqueProvider'));",
  },
  {
    file: /[\\/]node_modules[\\/]antd[\\/]es[\\/]tooltip[\\/]index\.js$/,
    line: "import UniqueProvider from './UniqueProvider';",
    lazy: "const UniqueProvider = /*#__PURE__*/ React.lazy(() => import('./UniqueProvider'));",
  },
  {
    file: /[\\/]node_modules[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    line: "import Editable from '../Editable';",
    lazy: "const Editable = /*#__PURE__*/ React.lazy(() => import('../Editable'));",
  },
  {
    file: /[\\/]node_modules[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/,
    line: "import Tabs from '../tabs';",
    lazy: "const Tabs = /*#__PURE__*/ React.lazy(() => import('../tabs'));",
  },
];

function antdLazyImportsPlugin(): Plugin {
  return {
    name: 'portal-antd-lazy-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const rule = ANTD_LAZY_IMPORTS.find((candidate) => candidate.file.test(id));
      if (!rule) return null;
      if (!code.includes(rule.line) || !code.includes("import * as React from 'react';"))
        this.error(`${id} no longer imports as expected (${rule.line}): revisit antdLazyImportsPlugin`);
      return { code: code.replace(rule.line, rule.lazy), map: null };
    },
  };
}

/**
 * antd's Button and Tag styles take one small function, `isBright`, from the colour picker's presets panel,
 * which also imports Collapse. Everything the entry reaches statically is placed in the entry chunk, so every
 * page downloaded Collapse (used only by lazy pages) before showing anything. The build gives those two style
 * files the function alone, copied from antd's own module at build time; if antd moves or changes it, the
 * build stops here.
 */
function antdIsBrightPlugin(): Plugin {
  const VIRTUAL = '\0portal-antd-is-bright';
  const importers =
    /[\\/]node_modules[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/;
  let presetsFile = '';
  return {
    name: 'portal-antd-is-bright',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '../../color-picker/components/ColorPresets' || !importer || !importers.test(importer))
        return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved)
        this.error(`antd's ColorPresets is not found from ${importer}: revisit antdIsBrightPlugin`);
      presetsFile = resolved.id;
      return VIRTUAL;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      const source = readFileSync(presetsFile, 'utf8');
      const body = /^export const isBright = [\s\S]*?\n\};$/m.exec(source)?.[0];
      if (
        !body ||
        !source.includes("import { ColorBlock, Color as RcColor } from '@rc-component/color-picker';")
      )
        this.error(`antd's isBright is no longer where antdIsBrightPlugin expects it (${presetsFile})`);
      return `import { Color as RcColor } from '@rc-component/color-picker';\n${body}\n`;
    },
  };
}

/**
 * The portal's sources import antd and its icons from the packages' index files (`import { Button } from
 * 'antd'`). Those index files re-export every component and icon, so in the module graph every module that
 * imports one reaches all of antd. Chunks are made from that graph before unused code is dropped: whatever a
 * lazy page uses of antd could be placed beside the entry and reached the first screen (as Collapse did), and
 * no group could tell the shell's components from the rest. The build rewrites those imports to the
 * components' own files (`antd/es/button`, `@ant-design/icons/es/icons/UserOutlined`), as antd's docs
 * suggest for tree shaking; the code and the types the editor sees stay the same. The map comes from antd's
 * own index file, read at build time; a name it does not know stops the build.
 */
function antdImportsByPathPlugin(): Plugin {
  const statement = /import\s*\{([^}]*)\}\s*from\s*(['"])(antd|@ant-design\/icons)\2;?/g;
  let antdPaths: Map<string, string> | undefined;
  const antdPathOf = (name: string): string | undefined => {
    if (!antdPaths) {
      const index = readFileSync(require.resolve('antd/es/index.js'), 'utf8');
      antdPaths = new Map(
        [...index.matchAll(/^export \{ default as (\w+) \} from '\.\/([\w-]+)';$/gm)].map(
          ([, exported, dir]) => [exported!, `antd/es/${dir}`] as const,
        ),
      );
    }
    return antdPaths.get(name);
  };
  return {
    name: 'portal-antd-imports-by-path',
    apply: 'build',
    transform(code, id) {
      if (
        !/[\\/]apps[\\/]web[\\/]src[\\/]/.test(id) ||
        !/from\s*['"](antd|@ant-design\/icons)['"]/.test(code)
      )
        return null;
      const rewritten = code.replace(statement, (_match, list: string, _quote: string, from: string) =>
        list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [imported, local = imported] = part.split(/\s+as\s+/) as [string, string?];
            const path =
              from === 'antd'
                ? antdPathOf(imported)
                : /^\w+(Outlined|Filled|TwoTone)$/.test(imported)
                  ? `@ant-design/icons/es/icons/${imported}`
                  : undefined;
            if (!path)
              this.error(`${id}: no file known for { ${imported} } from '${from}' (antdImportsByPathPlugin)`);
            return `import ${local} from '${path}';`;
          })
          .join('\n'),
      );
      return { code: rewritten, map: null };
    },
  };
}

/**
 * Each language file in two parts (lib/i18n/start-messages.ts): `locales/<language>.ts?start`, the messages
 * the first screens show, loads with the entry; `?rest` after the first paint. The file is compiled and
 * evaluated at build time (it holds one object literal and type imports) and each part written out as JSON.
 */
function splitMessagesPlugin(): Plugin {
  const part = /[\\/]src[\\/]locales[\\/](zh-CN|en-US|zh-TW)\.ts\?(start|rest)$/;
  return {
    name: 'portal-split-messages',
    enforce: 'pre',
    async load(id) {
      const match = part.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const { code } = await transform(readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm' });
      const module = (await import(
        `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
      )) as {
        default: Parameters<typeof splitMessages>[0];
      };
      const [start, rest] = splitMessages(module.default, START_MESSAGES);
      return `export default ${JSON.stringify(match[2] === 'start' ? start : rest)};\n`;
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

/**
 * `BUNDLE_TREEMAP_DIR=<dir>` (set by bench/bundle-treemap.mjs): a treemap of every chunk's modules
 * (treemap.html, sizes rendered, gzip and brotli) and the same data as JSON (treemap.json) for the bench to
 * read. Off in ordinary builds.
 */
function treemapPlugins(dir: string | undefined): Plugin[] {
  if (!dir) return [];
  const common = { gzipSize: true, brotliSize: true, projectRoot: resolve(import.meta.dirname, '../..') };
  return [
    visualizer({
      ...common,
      filename: join(dir, 'treemap.html'),
      template: 'treemap',
      title: 'Portal bundle',
    }),
    visualizer({ ...common, filename: join(dir, 'treemap.json'), template: 'raw-data' }),
  ] as Plugin[];
}

/**
 * The first screens' shared code in three chunks. Every signed-in page loads the shell
 * (src/app/private-area.tsx with its static imports), and most users open the home page first. Left to
 * automatic splitting, the modules they share with other pages (antd components, icons, the query library,
 * small helpers) became some 70 chunks of a few hundred bytes each; over HTTP/1.1 a phone fetches six at a
 * time, each round a round trip, before the home page paints. So the modules the shell and the home page
 * import (not the home page's own code, src/features/home/, which stays in its page chunk) go into:
 * - `sign-in`: those the sign-in page also imports (its inputs, icons, helpers);
 * - `public`: those another page open signed out also imports (registration, top-up, WeChat, errors);
 * - `shell`: the rest, which only signed-in pages load.
 * So no public page downloads the shell, and the sign-in page only what it shares with it. The price: a
 * signed-in page also downloads the few antd components only the home page uses (a statistic, descriptions),
 * and a public page what other public pages share with the shell.
 *
 * The sets come from the module graph before unused code is dropped, where antd's modules reach far more
 * than a page renders. So each group takes exactly its modules, not their imports too
 * (`includeDependenciesRecursively: false`), and leaves a few modules to automatic splitting (LEFT_OUT). Without the recursion
 * chunks could import each other in a cycle and run modules out of order: the budget check
 * (build/page-weight.mjs) fails the build's test if the chunks' imports ever form a cycle.
 */
const fromWeb = (file: string) => resolve(import.meta.dirname, file);
const SHELL = fromWeb('src/app/private-area.tsx');
const SHELL_ROOTS = [SHELL, fromWeb('src/features/home/routes/home-page.tsx')];
const LOGIN_PAGE = fromWeb('src/features/auth/routes/login-page.tsx');
const HOME_FEATURE = fromWeb('src/features/home') + sep;
// Left to automatic splitting: the form engine (reached through antd's input context, rendered only by form
// pages) and dayjs (loaded with its locale after the first paint, src/lib/i18n/i18n.ts).
const LEFT_OUT = /[\\/]node_modules[\\/](@rc-component[\\/](form|async-validator)|dayjs)[\\/]/;
/** Pages that open signed out (router.tsx); the budget check's list (build/page-weight.mjs) is the same. */
const PUBLIC_PAGES =
  /[\\/]src[\\/]features[\\/]((auth|registration|wechat|errors)[\\/]routes[\\/][^/\\]+|recharge[\\/]routes[\\/](top-up|pay-result|sandbox-cashier)-page)\.tsx$/;
type ModuleGraph = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };
type FirstScreenChunk = 'shell' | 'sign-in' | 'public';

/** The static closure of `roots` in the module graph. */
function closureOf(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const modules = new Set<string>();
  const queue = [...roots];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (modules.has(next)) continue;
    modules.add(next);
    for (const imported of graph.getModuleInfo(next)?.importedIds ?? []) queue.push(imported);
  }
  return modules;
}

/** Module → its first-screen chunk, worked out once per chunking pass. */
const firstScreenChunksByPass = new WeakMap<object, Map<string, FirstScreenChunk>>();
function firstScreenChunks(graph: ModuleGraph): Map<string, FirstScreenChunk> {
  let chunks = firstScreenChunksByPass.get(graph);
  if (chunks) return chunks;
  const pages = [...closureOf(graph, [fromWeb('src/main.tsx')])].flatMap(
    (module) => graph.getModuleInfo(module)?.dynamicallyImportedIds ?? [],
  );
  const signIn = closureOf(graph, [LOGIN_PAGE]);
  const signedOut = closureOf(
    graph,
    pages.filter((page) => PUBLIC_PAGES.test(page)),
  );
  chunks = new Map();
  for (const module of closureOf(graph, SHELL_ROOTS)) {
    // The shell's and the home page's own modules stay the lazy chunks the router and the budget check know.
    if (module === SHELL || module.startsWith(HOME_FEATURE) || LEFT_OUT.test(module)) continue;
    chunks.set(module, signIn.has(module) ? 'sign-in' : signedOut.has(module) ? 'public' : 'shell');
  }
  firstScreenChunksByPass.set(graph, chunks);
  return chunks;
}

const firstScreenGroup = (name: FirstScreenChunk, priority: number) => ({
  name: (id: string, graph: ModuleGraph) => (firstScreenChunks(graph).get(id) === name ? name : null),
  debugName: name,
  priority,
  includeDependenciesRecursively: false,
});

const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    splitMessagesPlugin(),
    react(),
    versionFilePlugin(),
    axiosWithoutFetchPlugin(),
    antdImportsByPathPlugin(),
    antdLazyImportsPlugin(),
    antdIsBrightPlugin(),
    preloadDefaultLanguagePlugin(),
    precompressPlugin(),
    ...treemapPlugins(process.env.BUNDLE_TREEMAP_DIR),
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
        manualPureFunctions: [
          'z',
          'envelopeSchema',
          'pageSchema',
          'textField',
          'optionalTextField',
          'idField',
        ],
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
            // What the entry imports statically (antd's core, i18next, the router) in one file instead of a
            // dozen small common chunks: gzip compresses one file better, and each page loads it anyway.
            { name: 'startup', tags: ['$initial'], priority: 5 },
            // The signed-in shell and the home page's shared modules, split by who else imports them (see
            // firstScreenChunks). Other lazy pages keep their own chunks.
            firstScreenGroup('sign-in', 3),
            firstScreenGroup('public', 2),
            firstScreenGroup('shell', 1),
          ],
        },
      },
    },
    chunkSizeWarningLimit: 600,
  },
});
