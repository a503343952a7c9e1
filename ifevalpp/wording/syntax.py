"""Parse the `.grammar` wording format into rules (the format itself is documented in
`docs/wording-grammar.md`; `ifevalpp.wording.grammar` expands what this builds).

A grammar file is a list of rules; each rule is a name with indented alternatives:

    # comment
    @include wording/common          a directive: pull in another file's rules
    @effects adds_line_end           a directive: metadata the grammar's user reads

    count [relation="at least"]:     a rule, with a guard on its parameters
      at least {$n} {word/words#n}
      [n>1] {$n} or more words @pl   an alternative with its own guard and a feature

Inside an alternative: `{rule}` or `{rule:mod}` expands a rule, `{$param}` or
`{$param:filter}` inserts a parameter, `{a|b|c}` chooses inline (`{|b}` is
optional text), `{sg/pl}` agrees with the subject's number (`{sg/pl#n}` with the
count `n`), `{a}` is an article fitted to the next word, `{^}` capitalises the
next letter. `{{` and `}}` are literal braces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Union


class GrammarError(ValueError):
    """A grammar file is malformed, or cannot be expanded for the parameters given."""


# ---------------------------------------------------------------- nodes


@dataclass(frozen=True)
class Text:
    value: str


@dataclass(frozen=True)
class Ref:
    name: str
    mods: tuple[str, ...] = ()


@dataclass(frozen=True)
class Param:
    name: str
    filter: Optional[str] = None


@dataclass(frozen=True)
class Choice:
    key: str
    options: tuple["Seq", ...]


@dataclass(frozen=True)
class Agree:
    singular: str
    plural: str
    controller: Optional[str] = None  # a count parameter; None means the subject's number


@dataclass(frozen=True)
class Article:
    pass


@dataclass(frozen=True)
class CapNext:
    pass


Node = Union[Text, Ref, Param, Choice, Agree, Article, CapNext]
Seq = tuple[Node, ...]

# A guard is a predicate over the parameters, kept with its source for messages.
Predicate = Callable[[Mapping[str, Any]], bool]


@dataclass(frozen=True)
class Guard:
    source: str
    test: Predicate

    def __call__(self, params: Mapping[str, Any]) -> bool:
        return self.test(params)


@dataclass(frozen=True)
class Alternative:
    key: str                      # "file:line", stable across runs: the unit of usage counting
    body: Seq
    guards: tuple[Guard, ...] = ()
    features: tuple[tuple[str, str], ...] = ()

    def allowed(self, params: Mapping[str, Any]) -> bool:
        return all(guard(params) for guard in self.guards)


@dataclass
class Rule:
    name: str
    alternatives: list[Alternative] = field(default_factory=list)


@dataclass
class ParsedFile:
    name: str
    rules: dict[str, Rule]
    includes: list[str]
    meta: dict[str, list[str]]
    raw_meta: dict[str, list[str]] = field(default_factory=dict)
    """Each directive's value as written (one entry per line), for values with spaces."""


# ---------------------------------------------------------------- guards

_GUARD_TOKEN = re.compile(r"""\s*(?:(?P<str>"[^"]*"|'[^']*')|(?P<num>-?\d+)|(?P<op><=|>=|!=|=|<|>)
                              |(?P<punct>[()&|!,%])|(?P<name>[A-Za-z_]\w*))""", re.VERBOSE)


def parse_guard(source: str, where: str) -> Guard:
    """`relation="at least" & n>1`, `!task_noun`, `n%100=0 | n<=20`, `relation in ("a", "b")`."""
    tokens = _tokenize_guard(source, where)
    position = 0

    def peek() -> Optional[tuple[str, Any]]:
        return tokens[position] if position < len(tokens) else None

    def take(kind: Optional[str] = None, value: Any = None) -> tuple[str, Any]:
        nonlocal position
        token = peek()
        if token is None or (kind and token[0] != kind) or (value is not None and token[1] != value):
            raise GrammarError(f"{where}: malformed guard [{source}]")
        position += 1
        return token

    def disjunction() -> Predicate:
        parts = [conjunction()]
        while peek() == ("punct", "|"):
            take()
            parts.append(conjunction())
        return parts[0] if len(parts) == 1 else (lambda p, parts=tuple(parts): any(f(p) for f in parts))

    def conjunction() -> Predicate:
        parts = [atom()]
        while peek() == ("punct", "&"):
            take()
            parts.append(atom())
        return parts[0] if len(parts) == 1 else (lambda p, parts=tuple(parts): all(f(p) for f in parts))

    def literal() -> Any:
        token = peek()
        if token is None or token[0] not in ("str", "num"):
            raise GrammarError(f"{where}: guard [{source}] expects a number or a quoted string")
        take()
        return token[1]

    def atom() -> Predicate:
        token = peek()
        if token == ("punct", "!"):
            take()
            inner = atom()
            return lambda p: not inner(p)
        if token == ("punct", "("):
            take()
            inner = disjunction()
            take("punct", ")")
            return inner
        name = take("name")[1]
        modulus: Optional[int] = None
        if peek() == ("punct", "%"):
            take()
            modulus = int(take("num")[1])

        def operand(p: Mapping[str, Any], name: str = name, modulus: Optional[int] = modulus) -> Any:
            value = p.get(name)
            if modulus is not None:
                return value % modulus if isinstance(value, int) else None
            return value

        nxt = peek()
        if nxt == ("name", "in"):
            take()
            take("punct", "(")
            options = [literal()]
            while peek() == ("punct", ","):
                take()
                options.append(literal())
            take("punct", ")")
            allowed = tuple(options)
            return lambda p: operand(p) in allowed
        if nxt is not None and nxt[0] == "op":
            op = take()[1]
            value = literal()
            return _comparison(operand, op, value)
        return lambda p: bool(operand(p))

    result = disjunction()
    if position != len(tokens):
        raise GrammarError(f"{where}: malformed guard [{source}]")
    return Guard(source, result)


def _tokenize_guard(source: str, where: str) -> list[tuple[str, Any]]:
    tokens: list[tuple[str, Any]] = []
    position = 0
    text = source.strip()
    while position < len(text):
        match = _GUARD_TOKEN.match(text, position)
        if not match or match.end() == position:
            raise GrammarError(f"{where}: cannot read guard [{source}] at {text[position:]!r}")
        position = match.end()
        kind = match.lastgroup
        value: Any = match.group(kind)
        if kind == "str":
            value = value[1:-1]
        elif kind == "num":
            value = int(value)
        tokens.append((kind, value))
    return tokens


def _comparison(operand: Callable[[Mapping[str, Any]], Any], op: str, value: Any) -> Predicate:
    def test(p: Mapping[str, Any]) -> bool:
        left = operand(p)
        if op == "=":
            return left == value
        if op == "!=":
            return left != value
        if not isinstance(left, (int, float)) or isinstance(left, bool) or not isinstance(value, int):
            return False
        return {"<": left < value, "<=": left <= value, ">": left > value, ">=": left >= value}[op]

    return test


# ---------------------------------------------------------------- bodies

_REF = re.compile(r"^(?P<name>[A-Za-z_]\w*)(?::(?P<mods>\w+(?:,\w+)*))?$")
_PARAM = re.compile(r"^\$(?P<name>[A-Za-z_]\w*)(?::(?P<filter>\w+))?$")
_AGREE = re.compile(r"^(?P<sg>[^{}|/#$]*)/(?P<pl>[^{}|/#$]*)(?:#(?P<ctl>[A-Za-z_]\w*))?$")


def parse_body(text: str, where: str) -> Seq:
    """One alternative's text into nodes; braces nest (`{a {x}|b}`)."""
    nodes, position = _parse_seq(text, 0, where, top=True)
    if position != len(text):  # pragma: no cover - _parse_seq consumes all at top level
        raise GrammarError(f"{where}: unexpected {text[position]!r}")
    return nodes


def _parse_seq(text: str, position: int, where: str, *, top: bool) -> tuple[Seq, int]:
    """Parse until the end (top level) or an unmatched `|`/`}` (inside braces)."""
    nodes: list[Node] = []
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            nodes.append(Text("".join(buffer)))
            buffer.clear()

    while position < len(text):
        char = text[position]
        if char == "\\" and position + 1 < len(text):
            buffer.append(text[position + 1])
            position += 2
            continue
        if text.startswith("{{", position):
            buffer.append("{")
            position += 2
            continue
        if text.startswith("}}", position) and top:
            buffer.append("}")
            position += 2
            continue
        if char == "{":
            flush()
            node, position = _parse_braces(text, position, where)
            nodes.append(node)
            continue
        if not top and char in "|}":
            break
        if top and char == "}":
            raise GrammarError(f"{where}: unmatched '}}' (write '}}}}' for a literal brace)")
        buffer.append(char)
        position += 1
    flush()
    return tuple(nodes), position


def _parse_braces(text: str, start: int, where: str) -> tuple[Node, int]:
    """`text[start]` is '{'; return the node and the position after its '}'."""
    depth, position = 0, start
    while position < len(text):
        if text[position] == "\\":
            position += 2
            continue
        if text[position] == "{":
            depth += 1
        elif text[position] == "}":
            depth -= 1
            if depth == 0:
                break
        position += 1
    else:
        raise GrammarError(f"{where}: unclosed '{{' at column {start + 1}")
    inner = text[start + 1:position]
    end = position + 1
    stripped = inner.strip()
    if not inner:
        return Text(""), end  # "{}": nothing, e.g. to keep a trailing space ("please {}")
    if stripped == "a":
        return Article(), end
    if stripped == "^":
        return CapNext(), end
    if _has_top_level_bar(inner):
        options: list[Seq] = []
        cursor = start + 1
        while True:
            seq, cursor = _parse_seq(text, cursor, where, top=False)
            options.append(seq)
            if text[cursor] == "|":
                cursor += 1
                continue
            break
        return Choice(f"{where}:{start + 1}", tuple(options)), end
    match = _PARAM.match(stripped)
    if match:
        return Param(match.group("name"), match.group("filter")), end
    match = _REF.match(stripped)
    if match:
        mods = tuple(match.group("mods").split(",")) if match.group("mods") else ()
        return Ref(match.group("name"), mods), end
    match = _AGREE.match(inner)
    if match:
        return Agree(match.group("sg").strip(), match.group("pl").strip(), match.group("ctl")), end
    raise GrammarError(f"{where}: cannot read {{{inner}}}: expected {{rule}}, {{$param}}, "
                       f"{{a|b}}, {{singular/plural}}, {{a}} or {{^}}")


def _has_top_level_bar(inner: str) -> bool:
    depth = 0
    skip = False
    for char in inner:
        if skip:
            skip = False
            continue
        if char == "\\":
            skip = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "|" and depth == 0:
            return True
    return False


# ---------------------------------------------------------------- files

_HEADER = re.compile(r"^(?P<name>[A-Za-z_]\w*)\s*(?:\[(?P<guard>[^\]]*)\])?\s*:\s*(?:#.*)?$")
_DIRECTIVE = re.compile(r"^@(?P<key>[A-Za-z_][\w-]*)(?:\s+(?P<value>.*))?$")
_LEADING_GUARD = re.compile(r"^\[(?P<guard>[^\]]*)\]\s*")
_FEATURES = re.compile(r"(?:\s+@[A-Za-z_]\w*(?:=\w+)?)+\s*$")


def parse_file(name: str, source: str) -> ParsedFile:
    """Read one grammar file's text; `name` is used in messages and alternative keys."""
    rules: dict[str, Rule] = {}
    includes: list[str] = []
    meta: dict[str, list[str]] = {}
    raw_meta: dict[str, list[str]] = {}
    current: Optional[Rule] = None
    header_guard: Optional[Guard] = None
    for number, raw in enumerate(source.splitlines(), start=1):
        where = f"{name}:{number}"
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            directive = _DIRECTIVE.match(line)
            if directive:
                key, value = directive.group("key"), (directive.group("value") or "").strip()
                if key == "include":
                    includes.extend(value.split())
                else:
                    meta.setdefault(key, []).extend(value.split())
                    raw_meta.setdefault(key, []).append(value)
                continue
            header = _HEADER.match(line)
            if not header:
                raise GrammarError(f"{where}: expected 'rule:' or 'rule [guard]:' at column 1, "
                                   f"got {line.strip()!r} (alternatives are indented)")
            current = rules.setdefault(header.group("name"), Rule(header.group("name")))
            header_guard = (parse_guard(header.group("guard"), where)
                            if header.group("guard") is not None else None)
            continue
        if current is None:
            raise GrammarError(f"{where}: an alternative before any rule header")
        current.alternatives.append(_parse_alternative(line.strip(), where, header_guard))
    return ParsedFile(name, rules, includes, meta, raw_meta)


def _parse_alternative(text: str, where: str, header_guard: Optional[Guard]) -> Alternative:
    guards: list[Guard] = [header_guard] if header_guard is not None else []
    leading = _LEADING_GUARD.match(text)
    if leading:
        guards.append(parse_guard(leading.group("guard"), where))
        text = text[leading.end():]
    features: list[tuple[str, str]] = []
    trailing = _FEATURES.search(text)
    if trailing:
        for token in trailing.group(0).split():
            key, _, value = token[1:].partition("=")
            if not value:  # "@pl" is short for "@num=pl", "@sg" for "@num=sg"
                key, value = ("num", key) if key in ("sg", "pl") else (key, "yes")
            features.append((key, value))
        text = text[:trailing.start()]
    return Alternative(where, parse_body(text.strip(), where), tuple(guards), tuple(features))
