"""The three scipy.special functions the intervals evaluate, without scipy.special's start-up.

`score` computes every interval with `betaincinv` (Clopper–Pearson), `ndtri` and `stdtrit`
(the normal and Student t quantiles of the effective n). They are ufuncs of the compiled
module `scipy.special._ufuncs`. Importing `scipy.special` itself also runs its package
`__init__`, which wraps every function for the array API standard: that imports
numpy.f2py and parses docstrings, about 0.2 s and 27 MB for three functions — as long as
checking a hundred answers. So the compiled module is loaded on its own: for that import
only, `scipy.special` is a bare package object pointing at scipy's own folder, and it is
taken away again at once, under the import lock: another thread that imports scipy.special
meanwhile waits, and one that finds the bare package in sys.modules at that moment gets
any attribute it asks for from the real package once the bare one is gone. The objects
are the very ufuncs `scipy.special` exports (tests/evaluate/test_special.py checks it), so
every number is what scipy.special gives. If that ever fails (another scipy layout), or
scipy.special is loaded already, the ordinary import is used.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
import types
from typing import Any, NamedTuple

import _imp


class Special(NamedTuple):
    betaincinv: Any
    ndtri: Any
    stdtrit: Any


_loaded: Special | None = None
_lock = threading.Lock()
_loading_thread: list[int] = []  # while the bare package is in sys.modules: who put it there


def functions() -> Special:
    """betaincinv, ndtri and stdtrit, loaded on first use."""
    global _loaded
    if _loaded is None:
        with _lock:
            if _loaded is None:
                module: Any = sys.modules.get("scipy.special")
                if module is None:
                    try:
                        module = _compiled_alone()
                    except Exception:  # any other layout: the ordinary import below
                        module = None
                if module is None or not all(hasattr(module, name) for name in Special._fields):
                    import scipy.special as imported
                    module = imported
                _loaded = Special(module.betaincinv, module.ndtri, module.stdtrit)
    return _loaded


def _compiled_alone() -> types.ModuleType | None:
    """`scipy.special._ufuncs`, imported without running `scipy.special/__init__.py`."""
    import scipy

    folders = [os.path.join(folder, "special") for folder in scipy.__path__]
    _imp.acquire_lock()
    try:
        if "scipy.special" in sys.modules:
            return sys.modules["scipy.special"]
        bare = types.ModuleType("scipy.special")
        bare.__path__ = folders
        bare.__getattr__ = _from_the_real_package  # type: ignore[method-assign]  # a module-level __getattr__ (PEP 562) on a bare module
        _loading_thread.append(threading.get_ident())
        sys.modules["scipy.special"] = bare
        try:
            return importlib.import_module("scipy.special._ufuncs")
        finally:
            if sys.modules.get("scipy.special") is bare:
                del sys.modules["scipy.special"]
            if vars(scipy).get("special") is bare:  # (getattr would import the real one)
                delattr(scipy, "special")
            _loading_thread.clear()
    finally:
        _imp.release_lock()


def _from_the_real_package(name: str) -> Any:
    """An attribute the bare package lacks: raised in the loading thread (which then falls back
    to the ordinary import), taken from the real package in any other, once the bare one is
    gone (`functions` holds _lock until then)."""
    if threading.get_ident() in _loading_thread:
        raise AttributeError(name)
    with _lock:
        pass
    real = importlib.import_module("scipy.special")
    return getattr(real, name)


__all__ = ["Special", "functions"]
