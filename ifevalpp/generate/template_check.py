"""Every template file read once before generation starts, so that a broken one stops the run.

The generators read their English lazily (a phrase table on first use, a grammar when a
constraint is first worded), and a case that meets a broken file mid-run would otherwise
fail in a worker process with a bare traceback. `check_templates` reads them all up
front (under half a second, and cached after the first run in a process) and names the
first bad file, its line and what is wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from ..constraints.support.wording import environment, load_json
from ..errors import TemplateError
from ..resources import templates_dir
from ..wording import grammar
from ..wording.syntax import GrammarError, parse_file


def check_templates(root: Optional[Path] = None) -> None:
    """Raise TemplateError naming the first JSON table, grammar or jinja2 template under
    `root` (default: the templates directory) that does not load."""
    base = Path(root) if root is not None else templates_dir()
    if not base.is_dir():
        raise TemplateError("template directory not found; set IFEVALPP_TEMPLATES to the "
                            "repository's templates/ folder", path=str(base))
    for path in sorted(base.rglob("*.json")):
        load_json(path.relative_to(base).as_posix(), base)
    _check_grammars(base)
    _check_jinja(base)


def _check_grammars(base: Path) -> None:
    """Parse every grammar, then load each one no other includes (a shared file such as
    wording/common names rules its includers define, so it is checked through them)."""
    names: dict[str, Path] = {}
    included: set[str] = set()
    for path in sorted(base.rglob("*.grammar")):
        name = path.relative_to(base).as_posix()[: -len(".grammar")]
        names[name] = path
        try:
            included.update(parse_file(name, path.read_text(encoding="utf-8")).includes)
        except GrammarError as exc:
            raise TemplateError(f"grammar does not parse: {exc}", path=str(path)) from None
    for name in sorted(set(names) - included):
        try:
            grammar.load(name, base)
        except GrammarError as exc:
            raise TemplateError(f"grammar does not load: {exc}", path=str(names[name])) from None


def _check_jinja(base: Path) -> None:
    import jinja2

    env = environment(str(base))
    for path in sorted(base.rglob("*.j2")):
        try:
            env.get_template(path.relative_to(base).as_posix())
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateError(f"jinja2 template does not parse: {exc.message}",
                                path=str(path), line=exc.lineno) from None
