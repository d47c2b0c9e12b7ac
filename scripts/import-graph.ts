// Reads every import of src/ with the TypeScript parser and checks each edge against import-rules.ts.
// Usage: node dist/scripts/import-graph.js [--root DIR] [--table]

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import {
  ALLOWLIST,
  EMULATOR_IMPORTERS,
  FOLDER_RULES,
  LAYER_RULES,
  TYPE_ONLY_TARGETS,
  VALUES_ALLOWED,
  type AllowedEdge,
} from './import-rules.js';

export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
  readonly values: readonly string[];
}

export interface Violation {
  readonly edge: ImportEdge;
  readonly fromLayer: string;
  readonly toLayer: string;
  readonly reason: string;
}

export interface GraphCheck {
  readonly edges: readonly ImportEdge[];
  readonly violations: readonly Violation[];
  readonly tolerated: readonly { readonly violation: Violation; readonly entry: AllowedEdge }[];
  readonly unusedAllowances: readonly AllowedEdge[];
}

export function layerOf(file: string): string | null {
  if (file.startsWith('src/commands/')) return 'commands';
  const m = /^src\/lib\/([^/]+)(?:\/([^/]+)\/)?/.exec(file);
  if (!m) return file.startsWith('src/') ? 'src' : null;
  const [, top, sub] = m;
  if (top === 'kafka' && (sub === 'wire' || sub === 'messages')) return `kafka/${sub}`;
  return top ?? null;
}

export function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function importedValues(node: ts.ImportDeclaration): string[] {
  const clause = node.importClause;
  if (!clause) return ['*']; // a side-effect import runs the module
  if (clause.isTypeOnly) return [];
  const bindings = clause.namedBindings;
  const values = clause.name ? ['*'] : [];
  if (bindings && ts.isNamespaceImport(bindings)) values.push('*');
  else if (bindings) for (const e of bindings.elements) if (!e.isTypeOnly) values.push((e.propertyName ?? e.name).text);
  return values;
}

function exportedValues(node: ts.ExportDeclaration): string[] {
  if (node.isTypeOnly) return [];
  const clause = node.exportClause;
  if (!clause || !ts.isNamedExports(clause)) return ['*'];
  return clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
}

export interface FoundImport {
  readonly specifier: string;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
  readonly values: readonly string[];
}

export function importsOf(fileName: string, text: string): FoundImport[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const found: FoundImport[] = [];
  const add = (specifier: string, values: string[], dynamic = false): void => {
    found.push({ specifier, typeOnly: values.length === 0, dynamic, values });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, importedValues(node));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, exportedValues(node));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined
    ) {
      const arg = node.arguments[0];
      add(ts.isStringLiteralLike(arg) ? arg.text : `<computed: ${arg.getText(source)}>`, ['*'], true);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) add(arg.literal.text, []);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function readImportGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const path of listSources(join(root, 'src'))) {
    const from = relative(root, path).split('\\').join('/');
    for (const imp of importsOf(path, readFileSync(path, 'utf8'))) {
      let to: string;
      if (imp.specifier.startsWith('<computed')) to = imp.specifier;
      else if (imp.specifier.startsWith('.')) {
        to = relative(root, resolve(dirname(path), imp.specifier))
          .split('\\')
          .join('/')
          .replace(/\.js$/, '.ts');
      } else continue;
      edges.push({ from, to, typeOnly: imp.typeOnly, dynamic: imp.dynamic, values: imp.values });
    }
  }
  return edges;
}

export function ruleBroken(edge: ImportEdge): { fromLayer: string; toLayer: string; reason: string } | null {
  const fromLayer = layerOf(edge.from) ?? 'outside';
  const toLayer = edge.to.startsWith('<computed') ? 'computed' : (layerOf(edge.to) ?? 'outside');
  const verdict = (reason: string | null) => (reason === null ? null : { fromLayer, toLayer, reason });
  if (toLayer === 'computed') return verdict('a computed import(…) cannot be checked; use a string literal');
  if (toLayer === 'outside') return verdict('imports a file outside src/');
  if (fromLayer === toLayer) return verdict(folderRuleBroken(fromLayer, edge));
  if (toLayer === 'emulator') {
    return verdict(
      EMULATOR_IMPORTERS.includes(edge.from) ? null : `only ${EMULATOR_IMPORTERS.join(', ')} import emulator/`,
    );
  }
  const rule = LAYER_RULES[fromLayer];
  if (!rule) return verdict(`layer '${fromLayer}' has no rule in scripts/import-rules.ts`);
  if (rule.files?.[toLayer]) {
    const allowed = rule.files[toLayer];
    if (!allowed.includes(edge.to))
      return verdict(`${fromLayer}/ may import only these files of ${toLayer}/: ${allowed.join(', ')}`);
  } else if (!rule.may.includes(toLayer)) {
    return verdict(`${fromLayer}/ may import ${rule.may.length > 0 ? rule.may.join(', ') : 'no other layer'}`);
  }
  if (TYPE_ONLY_TARGETS[fromLayer]?.includes(toLayer) && !edge.typeOnly) {
    const allowed = VALUES_ALLOWED[fromLayer]?.[edge.to] ?? [];
    const others = edge.values.filter((v) => !allowed.includes(v));
    if (others.length > 0)
      return verdict(
        `${fromLayer}/ may import only types from ${toLayer}/ (use import type), not ${others.join(', ')}`,
      );
  }
  return null;
}

export function folderOf(layer: string, file: string): string | null {
  const prefix = `src/lib/${layer}/`;
  if (!FOLDER_RULES[layer] || !file.startsWith(prefix)) return null;
  const rest = file.slice(prefix.length);
  return rest.includes('/') ? (rest.split('/')[0] ?? null) : '';
}

function folderRuleBroken(layer: string, edge: ImportEdge): string | null {
  const rules = FOLDER_RULES[layer];
  if (!rules) return null;
  const from = folderOf(layer, edge.from);
  const to = folderOf(layer, edge.to);
  for (const [file, folder] of [
    [edge.from, from],
    [edge.to, to],
  ] as const) {
    if (folder === '') return `${file} lies directly in ${layer}/: put it in one of its folders`;
    if (folder !== null && !rules[folder]) return `${layer}/${folder}/ has no rule in FOLDER_RULES`;
  }
  if (from === to || from === null || to === null) return null;
  const may = rules[from] ?? [];
  if (may.includes(to)) return null;
  const allowed = may.length > 0 ? may.map((f) => `${layer}/${f}/`).join(', ') : 'no other folder';
  return `${layer}/${from}/ may import ${allowed}`;
}

export function folderCycles(): string[] {
  const cycles: string[] = [];
  for (const [layer, rules] of Object.entries(FOLDER_RULES)) {
    const visit = (folder: string, path: readonly string[]): void => {
      for (const next of rules[folder] ?? []) {
        if (path.includes(next)) cycles.push(`${layer}: ${[...path, next].join(' → ')}`);
        else visit(next, [...path, next]);
      }
    };
    for (const folder of Object.keys(rules)) visit(folder, [folder]);
  }
  return cycles;
}

function glob(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+?^$()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\{([^}]*)\}/g, (_m, words: string) => `(?:${words.split(',').join('|')})`);
  return new RegExp(`^${body}$`);
}

function matches(entry: AllowedEdge, edge: ImportEdge): boolean {
  return glob(entry.from).test(edge.from) && glob(entry.to).test(edge.to);
}

export function checkImportGraph(
  edges: readonly ImportEdge[],
  allowlist: readonly AllowedEdge[] = ALLOWLIST,
): GraphCheck {
  const violations: Violation[] = [];
  const tolerated: { violation: Violation; entry: AllowedEdge }[] = [];
  const used = new Set<AllowedEdge>();
  for (const edge of edges) {
    const broken = ruleBroken(edge);
    if (!broken) continue;
    const violation = { edge, ...broken };
    const entry = allowlist.find((a) => matches(a, edge));
    if (entry) {
      used.add(entry);
      tolerated.push({ violation, entry });
    } else violations.push(violation);
  }
  return { edges, violations, tolerated, unusedAllowances: allowlist.filter((a) => !used.has(a)) };
}

export function layerTable(edges: readonly ImportEdge[]): string {
  const counts = new Map<string, number>();
  for (const e of edges) {
    const from = layerOf(e.from) ?? 'outside';
    const to = layerOf(e.to) ?? 'outside';
    if (from === to) continue;
    const key = `${from} → ${to}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows = [...counts].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, n]) => `${k.padEnd(width)}  ${n}`).join('\n');
}

function describeEdge(e: ImportEdge): string {
  return `${e.from} → ${e.to}${e.dynamic ? ' (dynamic)' : ''}${e.typeOnly ? ' (type)' : ''}`;
}

export function formatCheck(check: GraphCheck): string {
  const lines: string[] = [];
  lines.push(`${check.edges.length} imports between files of src/ read`);
  if (check.tolerated.length > 0) {
    lines.push(`${check.tolerated.length} edge(s) tolerated by the allowlist in scripts/import-rules.ts:`);
    for (const t of check.tolerated) lines.push(`  ${describeEdge(t.violation.edge)}  [${t.entry.why}]`);
  }
  for (const a of check.unusedAllowances) lines.push(`stale allowlist entry (delete it): ${a.from} → ${a.to}`);
  if (check.violations.length === 0) lines.push('no import runs the wrong way');
  else {
    lines.push(`${check.violations.length} import(s) run the wrong way:`);
    for (const v of check.violations) lines.push(`  ${describeEdge(v.edge)}: ${v.reason}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt === -1 ? fileURLToPath(new URL('../..', import.meta.url)) : resolve(args[rootAt + 1] ?? '.');
  const edges = readImportGraph(root);
  if (args.includes('--table')) console.log(`${layerTable(edges)}\n`);
  const check = checkImportGraph(edges);
  console.log(formatCheck(check));
  // A stale allowance is printed, not failed: it goes stale when another branch lands, and main stays green.
  process.exitCode = check.violations.length > 0 ? 1 : 0;
}
