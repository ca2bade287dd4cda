// Prints how the import graph of app/ and server/ sits in the layers (docs/decisions/0025-layers-enforced-by-lint.md):
// imports from one domain feature into another, imports that run against the layers, import cycles and the largest
// route modules. Usage: node scripts/import-report.mjs [repository root] [--map-infrastructure]
//
// --map-infrastructure counts app/features/{mail,security,navigation,phone,geocoding} as the shared layer, for
// checkouts from before those folders moved to app/shared/.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const root = resolve(args.find((arg) => !arg.startsWith('--')) ?? '.');
const mapInfrastructure = args.includes('--map-infrastructure');
const infrastructureFeatures = new Set(['mail', 'security', 'navigation', 'phone', 'geocoding']);
const extensions = ['.ts', '.tsx', '.js', '.mjs'];

function sourceFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return extensions.some((extension) => entry.name.endsWith(extension)) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
const files = [...sourceFiles(join(root, 'app')), ...sourceFiles(join(root, 'server'))]
  .map((file) => relative(root, file))
  .filter((file) => !file.startsWith('app/db/migrations/'));

function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('~/')) base = join('app', specifier.slice(2));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return null;
  const candidates = [base, ...extensions.map((e) => base + e), ...extensions.map((e) => join(base, 'index' + e))];
  return candidates.find((candidate) => existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile());
}

/** The kind of module a file is, in the terms of the lint zones (eslint.layers.js). */
function layerOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'server') return { layer: 'server' };
  if (parts[0] !== 'app') return { layer: 'tests' };
  if (parts[1] === 'features') {
    if (mapInfrastructure && infrastructureFeatures.has(parts[2])) return { layer: 'shared', name: parts[2] };
    return { layer: 'feature', name: parts[2], publicModule: /^public(\.server)?\.ts$/.test(parts[3] ?? '') };
  }
  if (parts[1] === 'shared') return { layer: 'shared', name: parts[2] };
  if (parts[1] === 'routes' || file === 'app/routes.ts') return { layer: 'route' };
  if (/^app\/(root\.tsx|entry\.(client|server)\.tsx)$/.test(file)) return { layer: 'shell' };
  if (file === 'app/context.ts' || file === 'app/services.server.ts') return { layer: 'composition' };
  if (parts[1] === 'db') return { layer: parts[2] === 'seed' ? 'seed' : file === 'app/db/schema.ts' ? 'schema' : 'db' };
  if (parts[1] === 'platform')
    return {
      layer: /^app\/platform\/(validation|berlin-date|cookies)\.ts$/.test(file) ? 'platform-helper' : 'platform',
    };
  return { layer: parts[1] };
}

// What each kind of module must not import; mirrors the zones in eslint.layers.js, which are authoritative.
const above = ['route', 'shell', 'composition', 'server'];
const forbidden = {
  server: ['feature', 'route', 'ui', 'shell'],
  route: ['db', 'schema', 'seed', 'platform'],
  shell: ['db', 'schema', 'seed'],
  composition: [],
  feature: ['route', 'shell', 'server'],
  ui: ['feature', ...above, 'db', 'schema', 'seed'],
  shared: ['feature', 'route', 'ui', 'shell', 'server'],
  platform: ['feature', 'shared', 'ui', ...above, 'schema', 'seed', 'i18n'],
  db: ['feature', 'shared', 'ui', ...above, 'seed', 'platform', 'platform-helper', 'i18n'],
  schema: ['feature', 'shared', 'ui', ...above, 'seed', 'platform', 'platform-helper', 'i18n'],
  seed: ['feature', 'ui', ...above],
  i18n: ['feature', 'shared', 'ui', ...above, 'platform', 'platform-helper', 'db', 'schema', 'seed'],
  config: ['feature', 'shared', 'ui', ...above, 'db', 'schema', 'seed', 'i18n', 'platform', 'platform-helper'],
};
const helpers = { 'platform-helper': 'platform' };

function against(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  // Tests build whole scenarios across layers; the lint rules leave them out, and so does this count.
  if (a.layer === 'tests' || isTest(from)) return null;
  if (a.layer === 'feature' && b.layer === 'feature' && a.name !== b.name && !b.publicModule)
    return "feature -> another feature's internals";
  if (a.layer === 'feature' && /^app\/features\/[^/]+\/public\.ts$/.test(from) && /\.server\.tsx?$/.test(to))
    return 'public.ts -> server-only module';
  if (from.startsWith('app/config/') && to === 'app/platform/validation.ts') return null;
  if ((forbidden[a.layer] ?? []).includes(b.layer)) return `${a.layer} -> ${helpers[b.layer] ?? b.layer}`;
  return null;
}

const edges = [];
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    const isExport = ts.isExportDeclaration(statement) && statement.moduleSpecifier;
    if (!isImport && !isExport) continue;
    const target = resolveImport(file, statement.moduleSpecifier.text);
    if (!target) continue;
    let typeOnly = false;
    if (isImport) {
      const clause = statement.importClause;
      typeOnly = Boolean(
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly))),
      );
    } else typeOnly = statement.isTypeOnly;
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    edges.push({ from: file, to: target, line, typeOnly });
  }
  // Dynamic imports count for layers, not for cycles (they do not run at module evaluation).
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) {
        const target = resolveImport(file, argument.text);
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        if (target) edges.push({ from: file, to: target, line, typeOnly: false, dynamic: true });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const crossFeature = edges.filter((edge) => {
  const a = layerOf(edge.from);
  const b = layerOf(edge.to);
  return a.layer === 'feature' && b.layer === 'feature' && a.name !== b.name;
});
const crossFeatureInCode = crossFeature.filter((edge) => !isTest(edge.from));
const violations = edges.map((edge) => ({ ...edge, rule: against(edge.from, edge.to) })).filter((edge) => edge.rule);

/** Import cycles as strongly connected components (Tarjan) of the modules linked by the given imports. */
function cyclesAmong(links) {
  const graph = new Map(files.map((file) => [file, []]));
  for (const edge of links) if (edge.from !== edge.to) graph.get(edge.from).push(edge.to);
  const found = [];
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const connect = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return found;
}
// What runs when a module loads (import-x/no-cycle's view), and with type-only imports as well.
const cycles = cyclesAmong(edges.filter((edge) => !edge.typeOnly && !edge.dynamic));
const typeCycles = cyclesAmong(edges.filter((edge) => !edge.dynamic));

const routeModules = files
  .filter((file) => file.startsWith('app/routes/') && !isTest(file))
  .map((file) => ({ file, lines: readFileSync(join(root, file), 'utf8').split('\n').length - 1 }))
  .sort((a, b) => b.lines - a.lines);

const byRule = new Map();
for (const edge of violations) byRule.set(edge.rule, [...(byRule.get(edge.rule) ?? []), edge]);
const show = (edge) => `${edge.from}:${edge.line} -> ${edge.to}${edge.typeOnly ? ' (type)' : ''}`;

console.log(`Import report for ${root}${mapInfrastructure ? ' (infrastructure features counted as shared)' : ''}`);
console.log(`  modules: ${files.length}, imports between them: ${edges.length}`);
console.log(
  `\nCross-feature imports (a domain feature importing another): ${crossFeature.length}, of them in tests: ${crossFeature.length - crossFeatureInCode.length}`,
);
console.log(
  `  outside tests: ${crossFeatureInCode.length}, through the other feature's public module: ${crossFeatureInCode.filter((e) => layerOf(e.to).publicModule).length}`,
);
for (const edge of crossFeatureInCode) console.log(`  ${show(edge)}`);
console.log(`\nImports against the layers (outside tests): ${violations.length}`);
for (const [rule, list] of byRule) {
  console.log(`  ${rule}: ${list.length}`);
  for (const edge of list) console.log(`    ${show(edge)}`);
}
console.log(
  `\nImport cycles: ${cycles.length} among imports that run, ${typeCycles.length} counting type-only imports`,
);
for (const cycle of cycles) console.log(`  ${cycle.join(' <-> ')}`);
for (const cycle of typeCycles) console.log(`  (types) ${cycle.join(' <-> ')}`);
console.log(
  `\nLargest route modules (lines): ${routeModules.reduce((sum, m) => sum + m.lines, 0)} lines in ${routeModules.length} modules`,
);
for (const { file, lines } of routeModules.slice(0, 10)) console.log(`  ${String(lines).padStart(5)}  ${file}`);
