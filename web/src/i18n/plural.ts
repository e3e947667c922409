// The Plural-Forms expression of a gettext catalog (C syntax: n, integers,
// ?:, ||, &&, comparisons, %, parentheses), parsed once into a function.
// The page evaluates the very expression Python's gettext uses on the .mo,
// so both sides pick the same form, and nothing is eval'd (CSP-safe).

type Node = (n: number) => number;

const TOKEN = /\s*(\d+|n|\|\||&&|==|!=|<=|>=|[<>?:()%!+\-*/])/y;

export function compilePlural(expression: string): Node {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  const text = expression.trim().replace(/;$/, "");
  while (at < text.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m || m[1] === undefined) throw new Error(`bad plural expression: ${expression}`);
    tokens.push(m[1]);
    at = TOKEN.lastIndex;
    while (at < text.length && text[at] === " ") at++;
  }
  let i = 0;
  const peek = (): string | undefined => tokens[i];
  const take = (want?: string): string => {
    const tok = tokens[i++];
    if (tok === undefined || (want !== undefined && tok !== want)) {
      throw new Error(`bad plural expression: ${expression}`);
    }
    return tok;
  };
  const binary = (next: () => Node, ops: Record<string, (a: number, b: number) => number>) => (): Node => {
    let left = next();
    for (let op = peek(); op !== undefined && op in ops; op = peek()) {
      take();
      const f = ops[op]!;
      const l = left;
      const r = next();
      left = (n) => f(l(n), r(n));
    }
    return left;
  };
  const b = (x: boolean): number => (x ? 1 : 0);
  const primary = (): Node => {
    const tok = take();
    if (tok === "n") return (n) => n;
    if (tok === "(") {
      const inner = ternary();
      take(")");
      return inner;
    }
    if (tok === "!") {
      const inner = primary();
      return (n) => b(inner(n) === 0);
    }
    if (/^\d+$/.test(tok)) {
      const value = Number(tok);
      return () => value;
    }
    throw new Error(`bad plural expression: ${expression}`);
  };
  const product = binary(primary, {
    "%": (a, c) => a % c,
    "*": (a, c) => a * c,
    "/": (a, c) => Math.trunc(a / c),
  });
  const sum = binary(product, { "+": (a, c) => a + c, "-": (a, c) => a - c });
  const relation = binary(sum, {
    "<": (a, c) => b(a < c),
    ">": (a, c) => b(a > c),
    "<=": (a, c) => b(a <= c),
    ">=": (a, c) => b(a >= c),
  });
  const equality = binary(relation, { "==": (a, c) => b(a === c), "!=": (a, c) => b(a !== c) });
  const and = binary(equality, { "&&": (a, c) => b(a !== 0 && c !== 0) });
  const or = binary(and, { "||": (a, c) => b(a !== 0 || c !== 0) });
  function ternary(): Node {
    const cond = or();
    if (peek() !== "?") return cond;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (cond(n) !== 0 ? yes(n) : no(n));
  }
  const root = ternary();
  if (i !== tokens.length) throw new Error(`bad plural expression: ${expression}`);
  return root;
}
