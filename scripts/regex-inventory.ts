// Every regular expression in src/, read with the TypeScript parser so that a `/` in a string is not taken for one.

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { listSources } from './import-graph.js';

export interface RegexLiteral {
  readonly file: string;
  readonly line: number;
  readonly source: string;
  readonly flags: string;
}

export interface BuiltRegex {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export interface RegexInventory {
  readonly literals: readonly RegexLiteral[];
  readonly built: readonly BuiltRegex[];
}

export function regexesOf(file: string, text: string): RegexInventory {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const literals: RegexLiteral[] = [];
  const built: BuiltRegex[] = [];
  const lineOf = (node: ts.Node): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      literals.push({ file, line: lineOf(node), source: node.text.slice(1, end), flags: node.text.slice(end + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      built.push({ file, line: lineOf(node), text: node.getText(sf) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { literals, built };
}

export function readRegexInventory(root: string): RegexInventory {
  const literals: RegexLiteral[] = [];
  const built: BuiltRegex[] = [];
  for (const path of listSources(join(root, 'src'))) {
    const found = regexesOf(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    literals.push(...found.literals);
    built.push(...found.built);
  }
  return { literals, built };
}
