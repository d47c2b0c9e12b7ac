// Texts of the shapes that make a backtracking expression slow, shared by the linear-time tests, bench and fuzzer.

export function worstShapes(size: number): ReadonlyMap<string, string> {
  const fill = (unit: string): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  return new Map([
    ['identifier run', fill('a')],
    ['dotted name', fill('a.')],
    ['key=', fill('a=')],
    ['key: ', fill('a: ')],
    ['key = ', fill('a = ')],
    ['quoted key', fill('"a')],
    ['key="', fill('a="')],
    ["key='", fill("a='")],
    ['secret key=', `password=${fill('"a=')}`],
    ['spaces after a key', `a${fill(' ')}`],
    ['scheme run', fill('a+')],
    ['url user:', fill('a://a:')],
    ['Bearer', fill('Bearer ')],
    ['PEM BEGIN', fill('-----BEGIN A-----')],
    ['C1 and bidi controls', fill('\u009b\u202e')],
  ]);
}
