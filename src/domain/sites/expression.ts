/**
 * The condition language of sections and site spaces (GitBook's `Expression`): a small subset of
 * JavaScript expressions over the visitor, parsed into a tree and evaluated by walking it. Workers
 * cannot (and this must not) eval: nothing here ever runs the text as code.
 *
 *   expression := or
 *   or         := and ("||" and)*
 *   and        := equality ("&&" equality)*
 *   equality   := comparison (("==" | "!=" | "===" | "!==") comparison)*
 *   comparison := unary (("<" | "<=" | ">" | ">=") unary)*
 *   unary      := "!" unary | "-" unary | primary
 *   primary    := literal | path | "(" expression ")" | "[" (expression ("," expression)*)? "]"
 *               | primary "." "includes" "(" expression ")"
 *   path       := identifier ("." identifier | "[" string "]")*
 *   literal    := number | string ('…' or "…") | true | false | null
 */

export type Node =
  | { kind: "literal"; value: string | number | boolean | null }
  | { kind: "path"; segments: string[]; position: number }
  | { kind: "array"; items: Node[] }
  | { kind: "not" | "negate"; operand: Node }
  | { kind: "binary"; operator: BinaryOperator; left: Node; right: Node }
  | { kind: "includes"; target: Node; argument: Node };

type BinaryOperator = "||" | "&&" | "==" | "!=" | "<" | "<=" | ">" | ">=";

/** A syntax error at `position` (0-based index into the expression). */
export class ExpressionSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly position: number,
  ) {
    super(`${reason} at position ${position}`);
  }
}

interface Token {
  type: "number" | "string" | "identifier" | "operator" | "end";
  text: string;
  value?: string | number;
  position: number;
}

const OPERATORS = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "-", "(", ")", "[", "]", ".", ","];
const MAX_DEPTH = 64;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const start = index;
    if (/[0-9]/.test(char) || (char === "." && /[0-9]/.test(source[index + 1] ?? ""))) {
      const match = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(source.slice(index))!;
      index += match[0].length;
      tokens.push({ type: "number", text: match[0], value: Number(match[0]), position: start });
      continue;
    }
    if (char === '"' || char === "'") {
      let value = "";
      index++;
      for (;;) {
        const next = source[index];
        if (next === undefined) throw new ExpressionSyntaxError("Unterminated string", start);
        if (next === char) break;
        if (next === "\\") {
          const escaped = source[index + 1];
          if (escaped === undefined) throw new ExpressionSyntaxError("Unterminated string", start);
          value += ({ n: "\n", t: "\t", r: "\r" } as Record<string, string>)[escaped] ?? escaped;
          index += 2;
          continue;
        }
        value += next;
        index++;
      }
      index++;
      tokens.push({ type: "string", text: source.slice(start, index), value, position: start });
      continue;
    }
    if (/[A-Za-z_$]/.test(char)) {
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(source.slice(index))!;
      index += match[0].length;
      tokens.push({ type: "identifier", text: match[0], position: start });
      continue;
    }
    const operator = OPERATORS.find((candidate) => source.startsWith(candidate, index));
    if (!operator) throw new ExpressionSyntaxError(`Unexpected character '${char}'`, start);
    index += operator.length;
    tokens.push({ type: "operator", text: operator, position: start });
  }
  tokens.push({ type: "end", text: "", position: source.length });
  return tokens;
}

/** The expression's tree; an `ExpressionSyntaxError` names what is wrong and where. */
export function parseExpression(source: string): Node {
  const tokens = tokenize(source);
  let index = 0;
  let depth = 0;
  const peek = () => tokens[index]!;
  const isOperator = (...texts: string[]) => peek().type === "operator" && texts.includes(peek().text);
  const expect = (text: string) => {
    if (!isOperator(text)) throw unexpected(`expected '${text}'`);
    return tokens[index++]!;
  };
  const unexpected = (what: string) => {
    const token = peek();
    return new ExpressionSyntaxError(token.type === "end" ? `Unexpected end of expression (${what})` : `Unexpected '${token.text}' (${what})`, token.position);
  };
  const nested = <T>(parse: () => T): T => {
    if (++depth > MAX_DEPTH) throw new ExpressionSyntaxError("Expression nested too deeply", peek().position);
    try {
      return parse();
    } finally {
      depth--;
    }
  };

  const binaryLevel = (operators: string[], next: () => Node, normalize: (text: string) => BinaryOperator = (text) => text as BinaryOperator) => (): Node => {
    let left = next();
    while (isOperator(...operators)) {
      const operator = normalize(tokens[index++]!.text);
      left = { kind: "binary", operator, left, right: next() };
    }
    return left;
  };

  const primary = (): Node => {
    const token = peek();
    let node: Node;
    if (token.type === "number" || token.type === "string") {
      index++;
      node = { kind: "literal", value: token.value! };
    } else if (token.type === "identifier") {
      index++;
      if (token.text === "true" || token.text === "false") node = { kind: "literal", value: token.text === "true" };
      else if (token.text === "null") node = { kind: "literal", value: null };
      else node = { kind: "path", segments: [token.text], position: token.position };
    } else if (isOperator("(")) {
      index++;
      node = nested(expression);
      expect(")");
    } else if (isOperator("[")) {
      index++;
      const items: Node[] = [];
      if (!isOperator("]")) {
        do items.push(nested(expression));
        while (isOperator(",") && ++index);
      }
      expect("]");
      node = { kind: "array", items };
    } else {
      throw unexpected("expected a value, a visitor.claims path or '('");
    }
    for (;;) {
      if (isOperator(".")) {
        index++;
        const name = peek();
        if (name.type !== "identifier") throw unexpected("expected a property name after '.'");
        index++;
        if (name.text === "includes" && isOperator("(")) {
          index++;
          const argument = nested(expression);
          expect(")");
          node = { kind: "includes", target: node, argument };
        } else if (node.kind === "path") {
          node = { ...node, segments: [...node.segments, name.text] };
        } else {
          throw new ExpressionSyntaxError(`Unexpected '.${name.text}' (only paths have properties)`, name.position);
        }
      } else if (isOperator("[") && node.kind === "path") {
        index++;
        const key = peek();
        if (key.type !== "string") throw unexpected("expected a quoted property name");
        index++;
        expect("]");
        node = { ...node, segments: [...node.segments, String(key.value)] };
      } else {
        return node;
      }
    }
  };

  const unary = (): Node => {
    if (isOperator("!", "-")) {
      const operator = tokens[index++]!.text;
      return { kind: operator === "!" ? "not" : "negate", operand: nested(unary) };
    }
    return primary();
  };
  const comparison = binaryLevel(["<", "<=", ">", ">="], unary);
  const equality = binaryLevel(["==", "!=", "===", "!=="], comparison, (text) => (text.startsWith("!") ? "!=" : "=="));
  const and = binaryLevel(["&&"], equality);
  const expression: () => Node = binaryLevel(["||"], and);

  const tree = expression();
  if (peek().type !== "end") throw unexpected("expected an operator or the end");
  return tree;
}

/** Every `path` of the tree, for checking what the expression refers to. */
export function pathsOf(node: Node): Array<{ segments: string[]; position: number }> {
  switch (node.kind) {
    case "literal":
      return [];
    case "path":
      return [{ segments: node.segments, position: node.position }];
    case "array":
      return node.items.flatMap(pathsOf);
    case "not":
    case "negate":
      return pathsOf(node.operand);
    case "binary":
      return [...pathsOf(node.left), ...pathsOf(node.right)];
    case "includes":
      return [...pathsOf(node.target), ...pathsOf(node.argument)];
  }
}

type Value = unknown;

/** Evaluates the tree against `scope` (e.g. `{ visitor: { claims } }`): data only, no code. */
export function evaluate(node: Node, scope: Record<string, unknown>): Value {
  switch (node.kind) {
    case "literal":
      return node.value;
    case "path": {
      let value: unknown = scope;
      for (const segment of node.segments) {
        if (value === null || typeof value !== "object" || !Object.prototype.hasOwnProperty.call(value, segment)) return undefined;
        value = (value as Record<string, unknown>)[segment];
      }
      return value;
    }
    case "array":
      return node.items.map((item) => evaluate(item, scope));
    case "not":
      return !truthy(evaluate(node.operand, scope));
    case "negate": {
      const value = evaluate(node.operand, scope);
      return typeof value === "number" ? -value : undefined;
    }
    case "includes": {
      const target = evaluate(node.target, scope);
      const argument = evaluate(node.argument, scope);
      if (Array.isArray(target)) return target.some((item) => item === argument);
      if (typeof target === "string" && typeof argument === "string") return target.includes(argument);
      return false;
    }
    case "binary":
      return binary(node.operator, node.left, node.right, scope);
  }
}

function binary(operator: BinaryOperator, leftNode: Node, rightNode: Node, scope: Record<string, unknown>): Value {
  if (operator === "&&") {
    const left = evaluate(leftNode, scope);
    return truthy(left) ? evaluate(rightNode, scope) : left;
  }
  if (operator === "||") {
    const left = evaluate(leftNode, scope);
    return truthy(left) ? left : evaluate(rightNode, scope);
  }
  const left = evaluate(leftNode, scope);
  const right = evaluate(rightNode, scope);
  switch (operator) {
    case "==":
      return left === right || (left == null && right == null);
    case "!=":
      return !(left === right || (left == null && right == null));
    default: {
      // Ordering compares numbers with numbers and strings with strings; anything else is false.
      if (!((typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string"))) return false;
      if (operator === "<") return left < right;
      if (operator === "<=") return left <= right;
      if (operator === ">") return left > right;
      return left >= right;
    }
  }
}

const truthy = (value: Value) => Boolean(value);

/** Whether a condition lets a visitor with these claims through (an unparseable one never does). */
export function conditionHolds(condition: string | null, claims: Record<string, unknown>): boolean {
  if (condition === null || condition.trim() === "") return true;
  try {
    return truthy(evaluate(parseExpression(condition), { visitor: { claims } }));
  } catch {
    return false;
  }
}
