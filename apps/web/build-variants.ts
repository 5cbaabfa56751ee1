// The build variants of the web app (spec §1, decision 024): which entry each builds, where it is written
// and served, and which source folders belong to it alone. `vite build --mode admin` builds the operator
// console, `--mode temporary` the temporary build; any other mode the customer app.
import { webBuildVariants, type WebBuildVariant } from '@fund/contracts/paths';

export interface BuildVariant {
  readonly name: WebBuildVariant;
  /** Vite's `base`: where the server serves the variant (`/admin/`). */
  readonly base: string;
  /** Vite's `outDir`, relative to apps/web. */
  readonly outDir: string;
  /** The module index.html loads. */
  readonly entry: string;
  /** The tab title. */
  readonly title: string;
}

/** Folders of src/ whose code belongs to one variant only; the others' bundles must not hold any of it. */
export const variantOwnFolders: Readonly<Record<WebBuildVariant, readonly string[]>> = {
  customer: [],
  admin: ['src/console/'],
  temporary: ['src/temporary/'],
};

export function buildVariantOf(mode: string, serviceName: string): BuildVariant {
  const name: WebBuildVariant = mode === 'admin' || mode === 'temporary' ? mode : 'customer';
  const { path, dir } = webBuildVariants[name];
  const entry = {
    customer: '/src/main.tsx',
    admin: '/src/console/main.tsx',
    temporary: '/src/temporary/main.tsx',
  }[name];
  const title = {
    customer: serviceName,
    admin: `オペレーターコンソール｜${serviceName}`,
    temporary: `お子さまの口座開設｜${serviceName}`,
  }[name];
  return { name, base: path, outDir: dir === '' ? 'dist' : `dist/${dir}`, entry, title };
}

/**
 * Modules of a bundle that belong to another variant's own folders (`moduleIds` as Rollup lists them,
 * absolute paths): what "each bundle holds only its own code" forbids.
 */
export function foreignModules(
  variant: WebBuildVariant,
  moduleIds: readonly string[],
  webRoot: string,
): string[] {
  const root = webRoot.endsWith('/') ? webRoot : `${webRoot}/`;
  const foreign = Object.entries(variantOwnFolders)
    .filter(([owner]) => owner !== variant)
    .flatMap(([, folders]) => folders.map((folder) => `${root}${folder}`));
  return moduleIds.filter((id) => foreign.some((folder) => id.startsWith(folder)));
}
