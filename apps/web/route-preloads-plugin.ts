// Lists, for every route of src/app/routes.tsx, the built files its first screen needs beyond the entry:
// the page's chunk and its loader's chunk (the `import()`s of the route's entry), the chunks they import
// and their CSS. The server announces them in index.html for the requested path (`webRoutePreloadsFile`),
// so the browser downloads them beside the entry script instead of after it has run: one round of
// downloads fewer before the first screen (performance.md: LCP against the floor app).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webRoutePreloadsFile, type WebRoutePreloads } from '@fund/contracts/paths';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** A route object of the source: its `path` and the modules its `import()`s load. */
export interface RouteImports {
  readonly path: string;
  readonly imports: readonly string[];
}

/**
 * Every object literal with a string `path` and `import('…')` calls in its properties (`page`, `load`),
 * read with the TypeScript parser from the route table's source.
 */
export function routeImportsOf(source: string): RouteImports[] {
  const file = ts.createSourceFile('routes.tsx', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const routes: RouteImports[] = [];
  const importsIn = (node: ts.Node, found: string[]) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    node.forEachChild((child) => importsIn(child, found));
  };
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const pathProperty = node.properties.find(
        (property): property is ts.PropertyAssignment =>
          ts.isPropertyAssignment(property) && property.name.getText(file) === 'path',
      );
      if (pathProperty !== undefined && ts.isStringLiteralLike(pathProperty.initializer)) {
        const imports: string[] = [];
        importsIn(node, imports);
        if (imports.length > 0) routes.push({ path: pathProperty.initializer.text, imports });
        return;
      }
    }
    node.forEachChild(visit);
  };
  visit(file);
  return routes;
}

export function routePreloads(): Plugin {
  const routesFile = fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url));
  return {
    name: 'fund:route-preloads',
    apply: 'build',
    // after the bundle is written: chunks that held only CSS are gone by then (their CSS is their importers')
    async writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const chunkOf = new Map(chunks.map((chunk) => [chunk.facadeModuleId, chunk]));
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entryFiles = new Set<string>();
      const collect = (fileName: string, files: Set<string>) => {
        const chunk = byFileName.get(fileName);
        if (chunk === undefined || files.has(fileName)) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) collect(imported, files);
      };
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) collect(entry.fileName, entryFiles);

      const preloads: Record<string, string[]> = {};
      for (const route of routeImportsOf(readFileSync(routesFile, 'utf8'))) {
        const files = new Set<string>();
        for (const specifier of route.imports) {
          const resolved = await this.resolve(specifier, routesFile);
          const chunk = resolved === null ? undefined : chunkOf.get(resolved.id);
          if (chunk === undefined)
            this.error(`route ${route.path}: no chunk for import('${specifier}') in ${routesFile}`);
          collect(chunk.fileName, files);
        }
        // what the entry loads anyway is announced by index.html already
        preloads[route.path] = [...files].filter((file) => !entryFiles.has(file));
      }
      const listFile = join(options.dir ?? 'dist', webRoutePreloadsFile);
      mkdirSync(dirname(listFile), { recursive: true });
      writeFileSync(listFile, `${JSON.stringify(preloads satisfies WebRoutePreloads, null, 2)}\n`);
    },
  };
}
