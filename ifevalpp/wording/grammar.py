"""A wording grammar: many ways to say one thing, each grammatical, chosen rarely.

A `Grammar` is built from `.grammar` files (see `syntax.py` for the notation and
`docs/wording-grammar.md` for a guide). It can

* `sample` one wording for given parameters, with a chooser that decides at
  every choice point (`Sampler` spreads usage so no surface form dominates);
* `expansions` list every wording it can produce (tests enumerate small ones);
* `count` how many derivations there are without producing them.

Every result is a `Rendered`: the finished text, where each parameter value sits
in it (so a finder's reading can be checked, and nothing downstream rewrites a
value), and the choices taken. Parameter values are never touched by the
English clean-up (capitals, articles, spacing): a keyword stays byte-identical.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence

from ..resources import templates_dir
from .english import (gerund, inflect_joined, number_words, ordinal_digits, ordinal_words,
                      plural_present, third_person)
from .finish import _ARTICLE, _CAP, _CLOSE, _MARKERS, _OPEN, _SEP, finish
from .syntax import (Agree, Alternative, Article, CapNext, Choice, GrammarError, Param, ParsedFile,
                     Ref, Rule, Seq, Text, parse_file)

Env = tuple[tuple[str, str], ...]
Chooser = Callable[[Sequence[str]], int]

# A filter turns a parameter value into pieces: (is part of the value, text).
Filter = Callable[[Any], list[tuple[bool, str]]]


def _plain(value: Any) -> list[tuple[bool, str]]:
    if isinstance(value, (list, tuple)):
        raise GrammarError("a list parameter needs a filter such as {$words:and}")
    return [(True, str(value))]


def _quoted(value: Any) -> list[tuple[bool, str]]:
    return [(False, '"'), (True, str(value)), (False, '"')]


def _quoted_lower(value: Any) -> list[tuple[bool, str]]:
    """Quoted in small letters: a marker the check reads in any case, shown as an answer in
    small letters must write it ("p.p.s" beside an all-lowercase rule)."""
    return [(False, '"'), (True, str(value).lower()), (False, '"')]


def _series(conjunction: str, quote: bool) -> Filter:
    def render(value: Any) -> list[tuple[bool, str]]:
        items = list(value) if isinstance(value, (list, tuple)) else [value]
        pieces: list[tuple[bool, str]] = []
        for index, item in enumerate(items):
            if index:
                last = index == len(items) - 1
                joint = (f" {conjunction} " if len(items) == 2 else f", {conjunction} ") if last else ", "
                pieces.append((False, joint))
            pieces.extend(_quoted(item) if quote else [(True, str(item))])
        return pieces

    return render


def _comma_list(value: Any) -> list[tuple[bool, str]]:
    """Quoted items separated by commas only ('"a", "b", "c"'), for after a colon."""
    pieces: list[tuple[bool, str]] = []
    for index, item in enumerate(value if isinstance(value, (list, tuple)) else [value]):
        if index:
            pieces.append((False, ", "))
        pieces.extend(_quoted(item))
    return pieces


FILTERS: dict[str, Filter] = {
    "words": lambda v: [(True, number_words(int(v)))],
    "ordinal": lambda v: [(True, ordinal_words(int(v)))],
    "nth": lambda v: [(True, ordinal_digits(int(v)))],
    "q": _quoted,
    "q_lower": _quoted_lower,
    "and": _series("and", True),
    "or": _series("or", True),
    "nor": _series("nor", True),   # after "neither": "neither "yes" nor "no""
    "plain_and": _series("and", False),
    "plain_or": _series("or", False),
    "plain_q": _comma_list,
    "minus1": lambda v: [(True, str(int(v) - 1))],
}

# Modifiers on a rule reference: applied to the first word of what the rule produced.
MODIFIERS = ("agree", "ing", "cap", "lower")


@dataclass(frozen=True)
class Rendered:
    """A finished wording: text, where each parameter value is (start, end), the choices made."""

    text: str
    spans: Mapping[str, tuple[tuple[int, int], ...]]
    choices: tuple[str, ...]


class Grammar:
    """Rules merged from one file and what it includes; immutable once built."""

    def __init__(self, name: str, files: Sequence[ParsedFile],
                 filters: Optional[Mapping[str, Filter]] = None):
        self.name = name
        self.filters: dict[str, Filter] = dict(FILTERS)
        self.filters.update(filters or {})
        self.rules: dict[str, Rule] = {}
        self.meta: dict[str, list[str]] = {}
        self.raw_meta: dict[str, list[str]] = {}
        for parsed in files:
            for rule_name, rule in parsed.rules.items():
                merged = self.rules.setdefault(rule_name, Rule(rule_name))
                merged.alternatives.extend(rule.alternatives)
        for key, values in files[-1].meta.items() if files else ():
            self.meta[key] = list(values)
        for key, values in files[-1].raw_meta.items() if files else ():
            self.raw_meta[key] = list(values)
        self._check()

    # ------------------------------------------------------------ public

    def sample(self, rule: str, params: Mapping[str, Any], choose: Chooser, *,
               sentence: bool = True) -> Rendered:
        """One wording of `rule`; `choose(keys)` picks among the viable options at each point."""
        viable = self._viable_for(params)
        if not viable(rule):
            raise GrammarError(f"{self.name}: no wording of '{rule}' fits parameters {dict(params)}")
        trail: list[str] = []
        raw, _ = self._sample_ref(Ref(rule), (), params, choose, viable, trail)
        text, spans = finish(raw, capitalize=sentence)
        return Rendered(text, spans, tuple(trail))

    def expansions(self, rule: str, params: Mapping[str, Any], *,
                   sentence: bool = True) -> Iterator[Rendered]:
        """Every distinct wording of `rule` for these parameters (in grammar order)."""
        self._require(rule)
        seen: set[str] = set()
        for raw, _, trail in self._enumerate(Ref(rule), (), params, ()):
            text, spans = finish(raw, capitalize=sentence)
            if text not in seen:
                seen.add(text)
                yield Rendered(text, spans, trail)

    def count(self, rule: str, params: Mapping[str, Any]) -> int:
        """How many derivations `rule` has for these parameters (duplicates included)."""
        self._require(rule)
        memo: dict[str, int] = {}

        def seq_count(seq: Seq) -> int:
            total = 1
            for node in seq:
                total *= node_count(node)
            return total

        def node_count(node: Any) -> int:
            if isinstance(node, Ref):
                if node.name not in memo:
                    memo[node.name] = sum(seq_count(alt.body) for alt in self.rules[node.name].alternatives
                                          if alt.allowed(params))
                return memo[node.name]
            if isinstance(node, Choice):
                return sum(seq_count(option) for option in node.options)
            if isinstance(node, Param):
                return 1 if params.get(node.name) is not None else 0
            return 1

        return node_count(Ref(rule))

    def parameters(self) -> set[str]:
        """Names of every parameter some alternative inserts or tests (for authors' checks)."""
        names: set[str] = set()
        for rule in self.rules.values():
            for alt in rule.alternatives:
                for node in _walk(alt.body):
                    if isinstance(node, Param):
                        names.add(node.name)
                    elif isinstance(node, Agree) and node.controller:
                        names.add(node.controller)
        return names

    # ------------------------------------------------------------ checks at load

    def _require(self, rule: str) -> None:
        if rule not in self.rules:
            raise GrammarError(f"{self.name}: no rule '{rule}' (rules: {', '.join(sorted(self.rules))})")

    def _check(self) -> None:
        for rule in self.rules.values():
            for alt in rule.alternatives:
                for node in _walk(alt.body):
                    if isinstance(node, Ref):
                        if node.name not in self.rules:
                            raise GrammarError(f"{alt.key}: unknown rule '{node.name}'")
                        for mod in node.mods:
                            if mod not in MODIFIERS:
                                raise GrammarError(f"{alt.key}: unknown modifier ':{mod}' "
                                                   f"(known: {', '.join(MODIFIERS)})")
                    elif isinstance(node, Param) and node.filter and node.filter not in self.filters:
                        raise GrammarError(f"{alt.key}: unknown filter ':{node.filter}' "
                                           f"(known: {', '.join(sorted(self.filters))})")
        state: dict[str, int] = {}

        def visit(name: str, path: tuple[str, ...]) -> None:
            if state.get(name) == 2:
                return
            if state.get(name) == 1:
                raise GrammarError(f"{self.name}: rules refer to themselves: {' -> '.join(path + (name,))}")
            state[name] = 1
            for alt in self.rules[name].alternatives:
                for node in _walk(alt.body):
                    if isinstance(node, Ref):
                        visit(node.name, path + (name,))
            state[name] = 2

        for name in self.rules:
            visit(name, ())

    # ------------------------------------------------------------ viability

    def _viable_for(self, params: Mapping[str, Any]) -> Any:
        """`_viability` for these parameters, kept per grammar: which alternatives the
        parameters allow depends on them alone, and one wording is drawn many times with the
        same ones (a generation run samples some 50,000 times)."""
        try:
            key = frozenset((name, tuple(value) if isinstance(value, list) else value)
                            for name, value in params.items())
        except TypeError:  # a value that cannot be a key: worked out afresh
            return self._viability(params)
        cache = self.__dict__.setdefault("_viable_cache", {})
        viable = cache.get(key)
        if viable is None:
            if len(cache) >= 4096:
                cache.clear()
            viable = cache[key] = self._viability(params)
        return viable

    def _viability(self, params: Mapping[str, Any]) -> Callable[[str], bool]:
        memo: dict[str, bool] = {}

        def rule_ok(name: str) -> bool:
            if name not in memo:
                memo[name] = False  # no cycles (checked at load), so this is never read early
                memo[name] = any(alt_ok(alt) for alt in self.rules[name].alternatives)
            return memo[name]

        def alt_ok(alt: Alternative) -> bool:
            return alt.allowed(params) and seq_ok(alt.body)

        def seq_ok(seq: Seq) -> bool:
            return all(node_ok(node) for node in seq)

        def node_ok(node: Any) -> bool:
            if isinstance(node, Ref):
                return rule_ok(node.name)
            if isinstance(node, Choice):
                return any(seq_ok(option) for option in node.options)
            if isinstance(node, Param):
                return params.get(node.name) is not None
            if isinstance(node, Agree) and node.controller:
                return isinstance(params.get(node.controller), int)
            return True

        alternatives: dict[str, tuple[list[Alternative], list[str]]] = {}
        options: dict[int, tuple[list[tuple[str, Seq]], list[str]]] = {}

        def viable_alternatives(name: str) -> tuple[list[Alternative], list[str]]:
            """The alternatives of rule `name` these parameters allow, and their keys: worked
            out once, where the sampler asks at every draw."""
            found = alternatives.get(name)
            if found is None:
                kept = [alt for alt in self.rules[name].alternatives if alt_ok(alt)]
                found = alternatives[name] = (kept, [alt.key for alt in kept])
            return found

        def viable_options(node: Choice) -> tuple[list[tuple[str, Seq]], list[str]]:
            found = options.get(id(node))
            if found is None:
                kept = [(f"{node.key}#{index}", option) for index, option
                        in enumerate(node.options) if seq_ok(option)]
                found = options[id(node)] = (kept, [key for key, _ in kept])
            return found

        rule_ok.alt_ok = alt_ok  # type: ignore[attr-defined]  # closures hung on rule_ok for the sampler
        rule_ok.seq_ok = seq_ok  # type: ignore[attr-defined]  # closures hung on rule_ok for the sampler
        rule_ok.alternatives = viable_alternatives  # type: ignore[attr-defined]
        rule_ok.options = viable_options  # type: ignore[attr-defined]
        return rule_ok

    # ------------------------------------------------------------ sampling

    def _sample_seq(self, seq: Seq, env: Env, params: Mapping[str, Any], choose: Chooser,
                    viable: Any, trail: list[str]) -> tuple[str, Env]:
        out: list[str] = []
        for node in seq:
            text, env = self._sample_node(node, env, params, choose, viable, trail)
            out.append(text)
        return "".join(out), env

    def _sample_node(self, node: Any, env: Env, params: Mapping[str, Any], choose: Chooser,
                     viable: Any, trail: list[str]) -> tuple[str, Env]:
        if isinstance(node, Ref):
            return self._sample_ref(node, env, params, choose, viable, trail)
        if isinstance(node, Choice):
            options, keys = viable.options(node)
            key, option = options[choose(keys)]
            trail.append(key)
            return self._sample_seq(option, env, params, choose, viable, trail)
        return self._leaf(node, env, params), env

    def _sample_ref(self, node: Ref, env: Env, params: Mapping[str, Any], choose: Chooser,
                    viable: Any, trail: list[str]) -> tuple[str, Env]:
        alternatives, keys = viable.alternatives(node.name)
        alt = alternatives[choose(keys)]
        trail.append(alt.key)
        inner_env = _with(env, alt.features)
        text, out_env = self._sample_seq(alt.body, inner_env, params, choose, viable, trail)
        return _modify(text, node.mods, env, alt.key), out_env

    # ------------------------------------------------------------ enumeration

    def _enumerate(self, node: Any, env: Env, params: Mapping[str, Any],
                   trail: tuple[str, ...]) -> Iterator[tuple[str, Env, tuple[str, ...]]]:
        if isinstance(node, Ref):
            for alt in self.rules[node.name].alternatives:
                if not alt.allowed(params):
                    continue
                for text, out_env, out_trail in self._enumerate_seq(
                        alt.body, 0, _with(env, alt.features), params, trail + (alt.key,)):
                    yield _modify(text, node.mods, env, alt.key), out_env, out_trail
        elif isinstance(node, Choice):
            for index, option in enumerate(node.options):
                yield from self._enumerate_seq(option, 0, env, params, trail + (f"{node.key}#{index}",))
        elif isinstance(node, Param) and params.get(node.name) is None:
            return
        else:
            yield self._leaf(node, env, params), env, trail

    def _enumerate_seq(self, seq: Seq, index: int, env: Env, params: Mapping[str, Any],
                       trail: tuple[str, ...]) -> Iterator[tuple[str, Env, tuple[str, ...]]]:
        if index == len(seq):
            yield "", env, trail
            return
        for head, head_env, head_trail in self._enumerate(seq[index], env, params, trail):
            for tail, tail_env, tail_trail in self._enumerate_seq(seq, index + 1, head_env, params,
                                                                  head_trail):
                yield head + tail, tail_env, tail_trail

    # ------------------------------------------------------------ leaves

    def _leaf(self, node: Any, env: Env, params: Mapping[str, Any]) -> str:
        if isinstance(node, Text):
            return node.value
        if isinstance(node, Param):
            value = params.get(node.name)
            pieces = self.filters[node.filter](value) if node.filter else _plain(value)
            out = []
            for is_value, text in pieces:
                if _MARKERS.search(text):
                    raise GrammarError(f"parameter {node.name} holds control characters")
                out.append(f"{_OPEN}{node.name}{_SEP}{text}{_CLOSE}" if is_value else text)
            return "".join(out)
        if isinstance(node, Agree):
            if node.controller:
                plural = params.get(node.controller) != 1
            else:
                plural = dict(env).get("num") == "pl"
            return node.plural if plural else node.singular
        if isinstance(node, Article):
            return _ARTICLE
        if isinstance(node, CapNext):
            return _CAP
        raise AssertionError(f"unexpected node {node!r}")  # pragma: no cover


# ---------------------------------------------------------------- helpers


def _walk(seq: Seq) -> Iterator[Any]:
    for node in seq:
        yield node
        if isinstance(node, Choice):
            for option in node.options:
                yield from _walk(option)


def _with(env: Env, features: tuple[tuple[str, str], ...]) -> Env:
    if not features:
        return env
    merged = dict(env)
    merged.update(features)
    return tuple(sorted(merged.items()))


_FIRST_WORD = re.compile(r"^(\s*)([A-Za-z]+)")
_NEGATION = re.compile(r"(?:don['’]t|do not|never|not)\b", re.IGNORECASE)


def _modify(text: str, mods: tuple[str, ...], env: Env, where: str) -> str:
    for mod in mods:
        if mod == "cap":
            text = _CAP + text  # capitalise whatever letter comes first, article included
            continue
        match = _FIRST_WORD.match(text)
        if not match:
            raise GrammarError(f"{where}: ':{mod}' needs a word of ours first, got {text[:20]!r}")
        lead, word = match.groups()
        if mod in ("agree", "ing") and _NEGATION.match(text, len(lead)):
            raise GrammarError(f"{where}: ':{mod}' cannot inflect a negation ({text[:20]!r}); "
                               f"start the phrase with a verb ('avoid', 'leave out')")
        rest = text[match.end():]
        if mod == "agree":
            inflect = plural_present if dict(env).get("num") == "pl" else third_person
            new, rest = inflect(word), inflect_joined(rest, inflect)
        elif mod == "ing":
            new, rest = gerund(word), inflect_joined(rest, gerund)
        else:
            new = word[:1].lower() + word[1:]
        text = lead + new + rest
    return text


# ---------------------------------------------------------------- loading


def templates_root() -> Path:
    """The templates directory grammars are loaded from."""
    return templates_dir()


def from_text(source: str, name: str = "<text>", includes: Optional[Mapping[str, str]] = None,
              filters: Optional[Mapping[str, Filter]] = None) -> Grammar:
    """A grammar from text; `includes` maps included names to their text (tests, tools)."""
    sources = dict(includes or {})
    files = _resolve(name, source, lambda included: _source_from(sources, included))
    return Grammar(name, files, filters)


def _source_from(sources: Mapping[str, str], name: str) -> str:
    if name not in sources:
        raise GrammarError(f"included grammar '{name}' not found")
    return sources[name]


@functools.lru_cache(maxsize=256)
def _load(name: str, root: str) -> Grammar:
    def read(included: str) -> str:
        path = Path(root) / f"{included}.grammar"
        if not path.is_file():
            raise GrammarError(f"grammar file {path} not found")
        return path.read_text(encoding="utf-8")

    return Grammar(name, _resolve(name, read(name), read))


def load(name: str, root: Optional[Path | str] = None) -> Grammar:
    """The grammar `<root>/<name>.grammar` (root: the templates directory), loaded once."""
    return _load(name, str(root) if root is not None else str(templates_root()))


def _resolve(name: str, source: str, read: Callable[[str], str]) -> list[ParsedFile]:
    """The file and everything it includes, included files first, each once."""
    ordered: list[ParsedFile] = []
    seen: set[str] = set()

    def visit(current: str, text: str, stack: tuple[str, ...]) -> None:
        if current in stack:
            raise GrammarError(f"grammar includes itself: {' -> '.join(stack + (current,))}")
        if current in seen:
            return
        parsed = parse_file(current, text)
        for included in parsed.includes:
            visit(included, read(included), stack + (current,))
        seen.add(current)
        ordered.append(parsed)

    visit(name, source, ())
    return ordered
