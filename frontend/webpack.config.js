// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import zlib from 'node:zlib';
import fs from 'node:fs';
import workbox from 'workbox-webpack-plugin';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * Writes `chunk-groups.json`: for each entry and named lazy route, the files it loads (its own
 * chunks and the shared ones it needs). The size budget reads it to count exactly what the first
 * route downloads.
 */
class ChunkGroupsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkGroupsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        /** @type {Record<string, string[]>} */
        const groups = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          groups[name] = [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].sort();
        }
        compilation.emitAsset('chunk-groups.json', new webpack.sources.RawSource(JSON.stringify(groups, null, 1)));
      });
    });
  }
}

/**
 * The app's own script (`main`) is asked for at high priority. While the head is parsed, Chromium
 * lets few low-priority requests at a time leave over HTTP/1.1, so `main.js` (9 KB) waited for
 * `vendor.js` (92 KB) to arrive: with Lighthouse's DevTools throttling the checkout painted half a
 * second later without it (docs/performance.md §5, runs 32-36).
 */
class MainScriptPriorityPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('MainScriptPriorityPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('MainScriptPriorityPlugin', (data) => {
        for (const tag of data.assetTags.scripts) {
          if (/\/main(\.[0-9a-f]+)?\.js$/.test(String(tag.attributes.src))) tag.attributes.fetchpriority = 'high';
        }
        return data;
      });
    });
  }
}

/**
 * Emits the files of `public/` that are served as they are (the web app manifest and its icons) at
 * the site's root, as build assets, so that the service worker's precache list names them.
 */
class PublicFilesPlugin {
  /** @param {string[]} files paths under public/ */
  constructor(files) {
    this.files = files;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of this.files) {
          const source = path.join(dirname, 'public', file);
          compilation.fileDependencies.add(source);
          compilation.emitAsset(file, new webpack.sources.RawSource(fs.readFileSync(source)));
        }
      });
    });
  }
}

/**
 * The chunk groups the service worker precaches: the first route, and what a member needs offline
 * (a saved book in the reader, the library's saved books, logging out). Other hashed files are kept
 * by the worker when first used.
 */
const OFFLINE_CHUNK_GROUPS = [
  'main',
  'route-landing',
  'route-reader',
  'route-book-detail',
  'route-library',
  'route-logout',
  'route-not-found',
  'signed-in-header',
  'footer-links',
  'offline-sync',
];

/**
 * The precache list: the pages and public files (index.html, offline.html, manifest, icons) and the
 * files of `OFFLINE_CHUNK_GROUPS`, not every route's chunks (1.3 MB when they all were).
 * @type {import('workbox-build').ManifestTransform}
 */
const appShellOnly = async (entries, compilation) => {
  /** @type {Set<string>} */
  const shell = new Set();
  for (const name of OFFLINE_CHUNK_GROUPS) {
    const group = compilation?.namedChunkGroups.get(name);
    if (!group) throw new Error(`the precache list names a chunk group the build lacks: ${name}`);
    for (const chunk of group.chunks) for (const file of chunk.files) shell.add(`/${file}`);
  }
  return { manifest: entries.filter((entry) => !entry.url.startsWith('/assets/') || shell.has(entry.url)), warnings: [] };
};

/** The icons and manifest (`public/`), linked from index.html and named by the manifest. */
const PUBLIC_FILES = ['manifest.webmanifest', ...fs.readdirSync(path.join(dirname, 'public', 'icons')).map((name) => `icons/${name}`)];

/**
 * The production build is two compilations: the app for browsers, and the same code for Node
 * (`src/prerender/render.tsx`, into `.prerender/`), which `scripts/prerender.mjs` runs after the
 * build to write the public pages' first screen into their HTML.
 * @type {(env: Record<string, unknown>, argv: { mode?: string }) => import('webpack').Configuration | import('webpack').Configuration[]}
 */
export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return production ? [browserConfig(true), prerenderConfig()] : browserConfig(false);
};

/** The rules both compilations share, so that both resolve and name modules and assets alike. */
function sharedResolve(production) {
  return {
    extensions: ['.tsx', '.ts', '.js'],
    alias: {
      '@': path.resolve(dirname, 'src'),
      // React Router 7 publishes its production build (no dev warnings and checks) under
      // dist/production but its `exports` only ever name dist/development: a production build
      // points the bare `react-router` import at the production file itself (the app imports
      // nothing else from the package: `react-router/dom` would need the same treatment).
      ...(production ? { 'react-router$': path.resolve(dirname, 'node_modules/react-router/dist/production/index.mjs') } : {}),
    },
  };
}

const typescriptRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'ts-loader',
    // Type checking is done by `npm run typecheck` (tsc --noEmit).
    options: { transpileOnly: true, compilerOptions: { noEmit: false, sourceMap: true } },
  },
};

/** @returns {import('webpack').Configuration} */
function prerenderConfig() {
  return {
    name: 'prerender',
    mode: 'production',
    target: 'node20',
    entry: { prerender: './src/prerender/render.tsx' },
    output: {
      path: path.resolve(dirname, '.prerender'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: '/',
      clean: true,
    },
    resolve: sharedResolve(true),
    module: {
      rules: [
        typescriptRule,
        // Styles are the browser build's; here an import of a stylesheet is nothing.
        { test: /\.css$/, type: 'asset/source' },
        // The same asset URLs as the browser build (same content hash, same public path), unwritten.
        { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset', generator: { emit: false } },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.API_BASE': JSON.stringify(process.env.API_BASE ?? ''),
        'process.env.NODE_ENV': JSON.stringify('production'),
      }),
      // Every lazy route in the one file: the prerender waits for all of them.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    stats: 'errors-warnings',
  };
}

/** @returns {import('webpack').Configuration} */
function browserConfig(production) {
  return {
    name: 'browser',
    mode: production ? 'production' : 'development',
    // The app's own code is compiled for ES2022 (tsconfig `target`), so no browser that runs it
    // lacks ES2020: the runtime and the minifier may write arrow functions, `const`, `?.` and `??`
    // instead of ES5 (without a target, webpack writes its runtime for ES5).
    target: ['web', 'es2020'],
    entry: {
      main: './src/index.tsx',
      // The first script of the book page and the checkout (scripts/prerender.mjs writes it inline
      // into their shells only): their data calls, sent before the app has run. Its own runtime,
      // so that it runs alone, without the app's runtime chunk.
      'early-calls': { import: './src/early-calls.ts', runtime: false },
    },
    output: {
      path: path.resolve(dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      // Lazy chunks are named by id, not by their webpackChunkName: the runtime (loaded by every
      // page) carries a map of every chunk's file name, and names made it ~0.7 KB gzipped larger.
      // dist/chunk-groups.json still lists each named chunk's files (the size budget reads it).
      chunkFilename: production ? 'assets/[id].[contenthash:8].chunk.js' : 'assets/[name].chunk.js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: sharedResolve(production),
    module: {
      rules: [
        typescriptRule,
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }],
        },
        { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.API_BASE': JSON.stringify(process.env.API_BASE ?? ''),
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      new HtmlWebpackPlugin({ template: './public/index.html', chunks: ['main'], scriptLoading: 'defer' }),
      new MainScriptPriorityPlugin(),
      // What the service worker shows offline for a page the app cannot draw without the network:
      // no script, the global stylesheet (the main entry's CSS).
      new HtmlWebpackPlugin({ template: './public/offline.html', filename: 'offline.html', chunks: ['main'], inject: false }),
      new PublicFilesPlugin(PUBLIC_FILES),
      new ChunkGroupsPlugin(),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        // By id, as the JS chunks (the runtime's map of CSS chunk files stays small).
        chunkFilename: production ? 'assets/[id].[contenthash:8].chunk.css' : 'assets/[name].chunk.css',
      }),
      // Hashed assets compressed once at build time (brotli and gzip beside each file); the server
      // answers the variant the browser accepts instead of compressing per request.
      ...(production
        ? [
            // `/sw.js` (docs/offline.md): src/sw/sw.ts with the list of files to precache
            // (`appShellOnly`).
            new workbox.InjectManifest({
              swSrc: './src/sw/sw.ts',
              swDest: 'sw.js',
              exclude: [/\.map$/, /\.(br|gz)$/, /^chunk-groups\.json$/, /\.LICENSE\.txt$/],
              manifestTransforms: [appShellOnly],
            }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: /\.(js|css|svg)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: /\.(js|css|svg)$/,
              compressionOptions: { level: 9 },
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      // Terser (webpack's default JS minimizer): two compress passes, ES2020 in and out (see `target`).
      minimizeOptions: { javascript: { ecma: 2020, compress: { passes: 2 }, format: { ecma: 2020 } } },
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          vendor: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
            name: 'vendor',
            chunks: 'initial',
            priority: 20,
          },
          // The back office's shared code and its chart library get named chunks: only admins
          // load them, and the size budget counts every numbered shared chunk as first-route code.
          adminChart: {
            test: /[\\/]node_modules[\\/]uplot[\\/]/,
            name: 'admin-uplot',
            chunks: 'async',
            priority: 30,
            enforce: true,
          },
          admin: {
            test: /[\\/]src[\\/]features[\\/]admin[\\/]/,
            name: 'admin-common',
            chunks: 'async',
            minChunks: 2,
            priority: 10,
            enforce: true,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 400000, maxAssetSize: 400000 },
    stats: 'normal',
  };
}
