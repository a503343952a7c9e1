"""Instruction types from outside the package: entry points and `IFEVALPP_PLUGINS`.

A plug-in is a module that registers `Constraint` classes when imported (with
`@register`), or a class (or a function that registers classes) named as
`module:attribute`. Two ways to announce one, both read by `load_plugins`:

* an entry point in the group `ifevalpp.constraints` of an installed
  distribution (`[project.entry-points."ifevalpp.constraints"]` in its
  pyproject.toml: `exclamations = "mypkg.exclamations"`);
* `IFEVALPP_PLUGINS=mypkg.exclamations,otherpkg.types:MyType` in the environment.

The CLI loads plug-ins before every verb; a library user calls `load_plugins()`
or simply imports the module. Loading twice changes nothing.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from typing import Iterable, Optional

from ..errors import IfevalppError
from .base import Constraint
from .registry import REGISTRY, register

ENTRY_POINT_GROUP = "ifevalpp.constraints"
ENV_VAR = "IFEVALPP_PLUGINS"


class PluginError(IfevalppError):
    """A plug-in could not be imported or is not a module, class or function of types."""


def _specs_from_environment() -> list[str]:
    return [spec.strip() for spec in os.environ.get(ENV_VAR, "").split(",") if spec.strip()]


def _specs_from_entry_points() -> list[str]:
    """The group's entry points; none, without importlib.metadata, when no distribution can
    declare the group (`_group_may_be_declared`): that module and the reading of every
    installed distribution's metadata cost more than checking 50 answers, before every verb."""
    if not _group_may_be_declared():
        return []
    from importlib.metadata import entry_points

    return [entry.value for entry in entry_points(group=ENTRY_POINT_GROUP)]


def _group_may_be_declared() -> bool:
    """False only when no distribution importlib.metadata would read can declare the group:
    every finder of distributions is the path finder, and of the metadata folders it reads
    (`*.dist-info`, `*.egg-info` in each folder of sys.path) none has an entry_points.txt
    naming the group. Anything else it could read (a zip or an egg on sys.path, a folder that
    cannot be listed, another finder) counts as a maybe, and the caller asks importlib.metadata."""
    from importlib.machinery import PathFinder

    if any(hasattr(finder, "find_distributions") and finder is not PathFinder
           for finder in sys.meta_path):
        return True
    for entry in sys.path:
        folder = entry or "."
        if folder.endswith(".egg") or os.path.isfile(folder):
            return True
        try:
            names = os.listdir(folder)
        except FileNotFoundError:
            continue
        except OSError:
            return True
        if any(_declares_group(os.path.join(folder, name)) for name in names
               if name.lower().endswith((".dist-info", ".egg-info"))):
            return True
    return False


def _declares_group(metadata_folder: str) -> bool:
    """The folder's entry_points.txt names the group (an unreadable one might)."""
    try:
        with open(os.path.join(metadata_folder, "entry_points.txt"), "rb") as points:
            return ENTRY_POINT_GROUP.encode() in points.read()
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError:
        return True


def load_plugin(spec: str) -> None:
    """Import one plug-in: `module` (its import registers its types) or `module:attribute`
    (a Constraint subclass, registered unless it is already, or a function to call)."""
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # noqa: BLE001 - any import failure is the plug-in's, say so
        raise PluginError(f"plug-in {spec!r}: cannot import {module_name!r} "
                          f"({type(exc).__name__}: {exc})") from None
    if not attribute:
        return
    try:
        target = getattr(module, attribute)
    except AttributeError:
        raise PluginError(f"plug-in {spec!r}: {module_name!r} has no {attribute!r}") from None
    if inspect.isclass(target) and issubclass(target, Constraint):
        if not isinstance(REGISTRY.get(target.id), target):
            register(target)
    elif callable(target):
        target()
    else:
        raise PluginError(f"plug-in {spec!r}: {attribute!r} is neither a Constraint class nor "
                          f"a function")


def load_plugins(specs: Optional[Iterable[str]] = None) -> list[str]:
    """Load the plug-ins of the entry-point group and of `IFEVALPP_PLUGINS` (or only `specs`);
    returns the instruction ids this call registered."""
    before = set(REGISTRY)
    chosen = list(specs) if specs is not None else \
        _specs_from_entry_points() + _specs_from_environment()
    for spec in dict.fromkeys(chosen):
        load_plugin(spec)
    return [instruction_id for instruction_id in REGISTRY if instruction_id not in before]
