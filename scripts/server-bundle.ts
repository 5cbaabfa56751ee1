// The server as one JavaScript file for `npm start` (decision 033): tsx transformed about 500 TypeScript
// files at every start, and Node resolved and read some 1,400 files of packages one by one. The bundle holds
// the server's and the workspace's sources and the packages they use, but for the few listed below, which
// Node loads as usual (native code, files read beside their modules). It is made again when one of the
// files it was made from changed, and written beside its list of them in apps/server/dist.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundleDir = join(root, 'apps/server/dist');
export const serverBundleFile = join(bundleDir, 'main.js');
/** The files the bundle was made from (esbuild's list), and this script: a change to one makes it stale. */
const inputsFile = join(bundleDir, 'main.inputs.json');
const thisScript = fileURLToPath(import.meta.url);
/** npm's own record of what node_modules holds (the hidden lockfile), rewritten by every install. */
const installedPackagesRecord = 'node_modules/.package-lock.json';

/**
 * Packages Node loads from node_modules as usual: native code, and files read beside their modules at run
 * time (PGlite's WebAssembly, the API explorer's pages, the static files' sender, the log transports).
 */
const externalPackages = [
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  '@fastify/static',
  '@node-rs/argon2',
  'pino',
  'pino-pretty',
  'pg-native',
];
const bundled = (specifier: string) =>
  !externalPackages.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/**
 * Keeps the packages above external, and gives each bundled file its own `import.meta.url`, `__dirname` and
 * `__filename`: the sources and packages read files beside themselves (stylesheets, scripts, the
 * migrations, a package's data), which stay where they are.
 */
const filesKeepTheirPlaces: Plugin = {
  name: 'files-keep-their-places',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path, kind }) =>
      kind === 'entry-point' || bundled(path) ? undefined : { path, external: true },
    );
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8'))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
        .replaceAll(/\b__dirname\b/g, JSON.stringify(dirname(path)))
        .replaceAll(/\b__filename\b/g, JSON.stringify(path)),
      loader: path.endsWith('.ts') ? 'ts' : 'js',
    }));
  },
};

function bundleIsCurrent(): boolean {
  if (!existsSync(serverBundleFile) || !existsSync(inputsFile)) return false;
  const builtAt = statSync(serverBundleFile).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as string[];
  return inputs.every((input) => {
    const file = join(root, input);
    return existsSync(file) && statSync(file).mtimeMs <= builtAt;
  });
}

async function bundleServer(): Promise<void> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    outfile: serverBundleFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // stack traces name the sources (the server turns source maps on); the sources are on disk beside it
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [filesKeepTheirPlaces],
    // the bundled CommonJS packages call require() for Node's modules and the external packages
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(bundleDir, { recursive: true });
  // written under other names and renamed: a start beside this one reads the old bundle or the new one
  const written = result.outputFiles.map(({ path, contents }) => {
    writeFileSync(`${path}.${process.pid}`, contents);
    return path;
  });
  // esbuild names the inputs relative to absWorkingDir; the packages' files change only through npm, which
  // rewrites its record of node_modules each time: that one file stands for the 1,400 of them
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/')),
    installedPackagesRecord,
    relative(root, thisScript),
  ];
  writeFileSync(`${inputsFile}.${process.pid}`, JSON.stringify(inputs));
  for (const path of [...written.filter((path) => path !== serverBundleFile), inputsFile, serverBundleFile])
    renameSync(`${path}.${process.pid}`, path);
}

/** The bundle's path, made first when it is missing or older than a file it was made from. */
export async function currentServerBundle(): Promise<string> {
  if (!bundleIsCurrent()) await bundleServer();
  return serverBundleFile;
}
