// How the web build groups modules into files (decision 028). Left to itself, the bundler makes a chunk of
// every set of modules shared by a different set of pages: the entry needed 16 files, and a signed-in
// screen 13 to 16 more, which Lighthouse's HTTP/1.1 model (six connections, 150 ms RTT) loads in several
// rounds. The groups below make:
// - `shell`: everything the entry loads statically, in the entry's file;
// - `common`: the small shared code of the pages (UI kit, formatting, domain display rules, TanStack hooks);
// - `feature-<name>`: what several pages of one feature folder share (their API calls, query keys);
// - one file each for the large libraries only some pages use (`schemas` zod, `forms`, `rich-text`,
//   `charts`), so a page without a form never downloads them.
// A shared module that (through its imports) needs one of those libraries stays out of `common` and its
// feature's group (the bundler's own chunking places it), else every page would download the library.
import type { Plugin, Rolldown } from 'vite';

type CodeSplitting = Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>;
export type ChunkGroup = NonNullable<CodeSplitting['groups']>[number];
type NameFunction = Extract<ChunkGroup['name'], (...args: never[]) => unknown>;
type ChunkingContext = Parameters<NameFunction>[1];

/** Libraries only some pages use: each its own file, never in the shell nor in `common`. */
const largeLibraries: readonly (readonly [name: string, test: RegExp])[] = [
  ['schemas', /node_modules[\\/]zod[\\/]/],
  ['forms', /node_modules[\\/](react-hook-form|@hookform)[\\/]/],
  ['rich-text', /node_modules[\\/]dompurify[\\/]|src[\\/]lib[\\/]rich-text[\\/]/],
  // the charts' code, which the pages load on demand; their placeholders (lazy-charts) are common code
  ['charts', /src[\\/]components[\\/]charts[\\/](?!lazy-charts|chart-size)/],
  // the holiday table (178 kB) and the domain module that wraps it: the bundler places them
  [
    'holidays',
    /node_modules[\\/]@holiday-jp[\\/]|packages[\\/]domain[\\/]src[\\/]calendar[\\/]japanese-holidays\.ts$/,
  ],
];

/** The pages' small shared code that may go to `common`. */
const commonCode =
  /node_modules[\\/]@tanstack[\\/]|packages[\\/]domain[\\/]|src[\\/](components[\\/](ui|charts[\\/](lazy-charts|chart-size))|lib|config)[\\/.]/;

/** Shared code that only some screens need once, on demand: the sign-in round trip, mail drafts. */
const onDemandCode = /src[\\/]lib[\\/](auth[\\/](sign-in|pkce|base64url)|mail)[\\/.-]/;

/** A barrel: it re-exports, and what a module does not use of it is dropped from the bundle. */
const barrel = /[\\/]index\.tsx?$/;

export function largeLibraryOf(id: string): string | undefined {
  return largeLibraries.find(([, test]) => test.test(id))?.[0];
}

/** The groups for a build whose entry module is `entry` (absolute path). */
export function chunkGroups(entry: string): ChunkGroup[] {
  // per build: the three variants are built in one process by the benchmark
  let entryGraph: Set<string> | undefined;
  /** The entry's static graph, not through barrels nor into large libraries: loaded with the entry anyway. */
  const entryGraphOf = (context: ChunkingContext) => {
    if (entryGraph !== undefined) return entryGraph;
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id) || largeLibraryOf(id) !== undefined || barrel.test(id)) return;
      found.add(id);
      context.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(entry);
    entryGraph = found;
    return found;
  };

  /**
   * Whether a module needs a large library through its static imports. Through a barrel only when
   * `throughBarrels`: the pages' API modules take schemas from @fund/contracts' barrel, while the UI kit
   * takes formatting from @fund/domain's barrel without its holiday table (the build's check below
   * verifies that `common` holds no path to a large library).
   */
  const needsLargeLibrary = (
    id: string,
    context: ChunkingContext,
    throughBarrels: boolean,
    known: Map<string, boolean>,
  ): boolean => {
    const answer = known.get(id);
    if (answer !== undefined) return answer;
    if (largeLibraryOf(id) !== undefined) return true;
    if (entryGraphOf(context).has(id) || (!throughBarrels && barrel.test(id))) return false;
    known.set(id, false); // an import cycle adds nothing
    const result = (context.getModuleInfo(id)?.importedIds ?? []).some((imported) =>
      needsLargeLibrary(imported, context, throughBarrels, known),
    );
    known.set(id, result);
    return result;
  };
  const strict = new Map<string, boolean>();
  const lenient = new Map<string, boolean>();

  const sharedGroupOf = (id: string, context: ChunkingContext): string | null => {
    const library = largeLibraryOf(id);
    if (library === 'holidays') return null;
    if (library !== undefined) return library;
    const feature = /src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id);
    if (feature !== null)
      return needsLargeLibrary(id, context, true, strict) ? null : `feature-${feature[1]}`;
    if (onDemandCode.test(id) || !commonCode.test(id)) return null;
    return needsLargeLibrary(id, context, false, lenient) ? null : 'common';
  };

  return [
    {
      name: 'shell',
      tags: ['$initial'],
      test: (id) => largeLibraryOf(id) === undefined,
      priority: 2,
      // a captured module's imports are the entry's too, except what the bundler drops as unused (the
      // barrels' other re-exports, such as the holiday table): they must not be pulled in
      includeDependenciesRecursively: false,
    },
    {
      name: sharedGroupOf,
      debugName: 'shared',
      minShareCount: 2,
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
}

/**
 * Fails the build when the entry (`checkEntry`: the customer app's) or a `common` or `feature-*` file
 * imports, directly or through other files, a file holding a large library: every screen would download
 * it (decision 028).
 */
export function largeLibraryBoundary(checkEntry: boolean): Plugin {
  return {
    name: 'fund:large-library-boundary',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      for (const chunk of chunks.values()) {
        const shared = chunk.name === 'common' || chunk.name.startsWith('feature-');
        if (!shared && !(checkEntry && chunk.isEntry)) continue;
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const imported = chunks.get(fileName);
          if (imported === undefined || seen.has(fileName)) return;
          seen.add(fileName);
          const library = imported.moduleIds.map(largeLibraryOf).find((name) => name !== undefined);
          if (library !== undefined)
            this.error(`${chunk.fileName} loads ${imported.fileName}, which holds the ${library} library`);
          imported.imports.forEach(visit);
        };
        visit(chunk.fileName);
      }
    },
  };
}
