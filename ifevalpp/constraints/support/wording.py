"""Loading and rendering the jinja2 templates: every type's wording file, phrase tables, prompts.

The template directory is the repository's top-level `templates/` (found
relative to the package) unless `IFEVALPP_TEMPLATES` names another one. The
environment uses `StrictUndefined`, so a template that mentions a parameter the
type does not have fails loudly instead of printing nothing. Templates, phrase
tables and distractors are loaded once per process.

A type's wording file (`Constraint.wording_path`; by default
`templates/constraints/<id with ':' as '__'>.j2`) defines one macro per style
(`imperative`, `declarative`, `question`, `list`), each taking `(p, v)` — the
Params model and a variant number — and a module-level `variants` dict saying
how many variants each style has. A type may give the template text itself
(`Constraint.wording_source`) instead of a file.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...errors import TemplateError
from ...resources import templates_dir
from .languages import language_name

if TYPE_CHECKING:
    import jinja2
    from ..generating import Generating

STYLES: tuple[str, ...] = ("imperative", "declarative", "question", "list")

_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen", "twenty")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
             "eighth", "ninth", "tenth", "eleventh", "twelfth")


def grammar_of(constraint: "Generating") -> Any:
    """The type's wording grammar: its `grammar_path`, else templates/constraints/<id>.grammar
    when that file exists; None for a type worded by jinja2 only."""
    name = constraint.grammar_path or "constraints/" + constraint.id.replace(":", "__")
    return _grammar(name, str(templates_dir()))


@functools.lru_cache(maxsize=128)
def _grammar(name: str, root: str) -> Any:
    from ...wording import load

    if not (Path(root) / f"{name}.grammar").is_file():
        return None
    return load(name, root)


def template_name(instruction_id: str) -> str:
    return "constraints/" + instruction_id.replace(":", "__") + ".j2"


# ---------------------------------------------------------------- helpers offered to templates


def number(value: int, v: int = 0) -> str:
    """A count as digits, or (odd variants, small numbers) as an English word."""
    if v % 2 == 1 and 0 <= value < len(_SMALL):
        return _SMALL[value]
    return str(value)


def ordinal(value: int) -> str:
    if 0 < value < len(_ORDINALS):
        return _ORDINALS[value]
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


def plural(value: int, singular: str, plural_form: Optional[str] = None) -> str:
    if value == 1:
        return singular
    return plural_form if plural_form is not None else singular + "s"


def count_phrase(relation: str, value: int, singular: str, v: int = 0,
                 plural_form: Optional[str] = None) -> str:
    """'at least 300 words', 'fewer than 5 sentences', '400 or more words', 'at most 3 …'."""
    noun = plural(value, singular, plural_form)
    shown = number(value, v)
    options: tuple[str, ...]
    if relation == "at least":
        options = (f"at least {shown} {noun}", f"{shown} or more {noun}",
                   f"no fewer than {shown} {noun}")
    elif relation == "less than":
        options = (f"less than {shown} {plural(2, singular, plural_form)}",
                   f"fewer than {shown} {plural(2, singular, plural_form)}")
    elif relation == "at most":
        options = (f"at most {shown} {noun}", f"no more than {shown} {noun}")
    elif relation == "around":
        options = (f"around {shown} {noun}", f"about {shown} {noun}")
    else:  # pragma: no cover - Params restricts the relation
        raise ValueError(f"unknown relation {relation!r}")
    return options[v % len(options)]


def times_phrase(relation: str, value: int, v: int = 0) -> str:
    """'at least 3 times', 'less than 2 times', 'at most 4 times', 'around 5 times'."""
    noun = "time" if value == 1 and relation != "less than" else "times"
    shown = number(value, v)
    if relation == "less than" and value == 1:
        return ("less than 1 time, that is, not at all",
                "fewer than 1 time (not at all)")[v % 2]
    if relation == "at least":
        options = (f"at least {shown} {noun}", f"{shown} or more times")
    elif relation == "less than":
        options = (f"less than {shown} times", f"fewer than {shown} times")
    elif relation == "at most":
        options = (f"at most {shown} {noun}", f"no more than {shown} {noun}")
    elif relation == "around":
        options = (f"around {shown} {noun}", f"about {shown} {noun}")
    else:  # pragma: no cover
        raise ValueError(f"unknown relation {relation!r}")
    return options[v % len(options)]


def quoted(text: str) -> str:
    return f'"{text}"'


def quoted_list(items: Iterable[str], conjunction: str = "and") -> str:
    items = [quoted(item) for item in items]
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} {conjunction} {items[1]}"
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def character_noun(character: str) -> str:
    return "letter" if character.isalpha() else "character"


# ---------------------------------------------------------------- environment and loaders


@functools.lru_cache(maxsize=4)
def environment(root: Optional[str] = None) -> "jinja2.Environment":
    """The shared jinja2 environment for `root` (default: `templates_dir()`), built once
    (jinja2 is imported here: checking never renders a template)."""
    import jinja2

    directory = Path(root) if root else templates_dir()
    if not directory.is_dir():
        raise FileNotFoundError(f"template directory {directory} not found; set "
                                f"IFEVALPP_TEMPLATES to the repository's templates/ folder")
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(directory)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(number=number, ordinal=ordinal, plural=plural, count=count_phrase,
                       times=times_phrase, q=quoted, qlist=quoted_list, lang=language_name,
                       char_noun=character_noun)
    env.filters.update(q=quoted, qlist=quoted_list, lang=language_name)
    return env


@functools.lru_cache(maxsize=256)
def _file_module(name: str, root: str) -> Any:
    return environment(root).get_template(name).module


@functools.lru_cache(maxsize=64)
def _source_module(source: str, root: str) -> Any:
    return environment(root).from_string(source).module


@functools.lru_cache(maxsize=64)
def _path_module(path: str, root: str) -> Any:
    return _source_module(Path(path).read_text(encoding="utf-8"), root)


def wording_module(constraint: "Generating") -> Any:
    """The loaded wording template of a type: its `wording_source`, its `wording_path`, or
    `templates/constraints/<id>.j2`."""
    root = str(templates_dir())
    if constraint.wording_source is not None:
        return _source_module(constraint.wording_source, root)
    if constraint.wording_path is not None:
        return _path_module(str(constraint.wording_path), root)
    return _file_module(template_name(constraint.id), root)


def variants(module: Any, style: str) -> int:
    """How many wordings a template module has in `style`."""
    return int(getattr(module, "variants")[style])


def parse_style(style: str) -> tuple[str, int]:
    """'imperative' or 'imperative:2' -> (style, variant)."""
    name, _, variant = style.partition(":")
    if name not in STYLES:
        raise ValueError(f"unknown style {name!r}; choose one of {', '.join(STYLES)} "
                         f"(optionally ':<variant>')")
    return name, int(variant) if variant else 0


def render_macro(module: Any, params: Any, style: str, variant: int = 0) -> str:
    """One wording of a template module: `style`'s macro, variant `variant` (modulo the count),
    with runs of blanks collapsed on every line."""
    macro = getattr(module, style)
    text = str(macro(params, variant % variants(module, style)))
    lines = [" ".join(line.split()) for line in text.strip().split("\n")]
    return "\n".join(lines)


@functools.lru_cache(maxsize=64)
def _json(relative: str, root: str) -> Any:
    path = Path(root) / relative
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise TemplateError("template table not found; is IFEVALPP_TEMPLATES the repository's "
                            "templates/ folder?", path=str(path)) from None
    except json.JSONDecodeError as exc:
        raise TemplateError(f"not valid JSON: {exc.msg} (column {exc.colno})",
                            path=str(path), line=exc.lineno) from None


def load_json(relative: str, root: Optional[Path | str] = None) -> Any:
    """A JSON table under the template directory, or under `root` (phrase tables, word lists,
    distractors)."""
    return _json(relative, str(root) if root is not None else str(templates_dir()))


def render_string(text: str, **values: Any) -> str:
    return environment(str(templates_dir())).from_string(text).render(**values)
