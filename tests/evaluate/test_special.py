"""The interval functions are scipy.special's own ufuncs, loaded without its package start-up."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from ifevalpp.evaluate import special


def run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_functions_are_the_ufuncs_scipy_special_exports():
    code = ("from ifevalpp.evaluate import special\nfound = special.functions()\n"
            "import scipy.special\n"
            "print(all(getattr(scipy.special, name) is function"
            " for name, function in found._asdict().items()))")
    assert run(code) == "True"


def test_loading_them_leaves_scipy_special_unimported():
    code = ("import sys\nfrom ifevalpp.evaluate import special\nspecial.functions()\n"
            "print('scipy.special' in sys.modules, 'scipy.stats' in sys.modules)")
    assert run(code) == "False False"


def test_scipy_special_imports_normally_afterwards():
    code = ("from ifevalpp.evaluate import special\nspecial.functions()\n"
            "import scipy.special\nprint(scipy.special.gammaln(5.0) == scipy.special.gammaln(5))")
    assert run(code) == "True"


def test_values_equal_scipy_special_bit_for_bit():
    import scipy.special

    found = special.functions()
    x = np.array([0.0, 1.0, 7.0, 16.5, 540.0])
    n = np.array([1.0, 2.0, 10.0, 17.25, 541.0])
    assert np.array_equal(found.betaincinv(x + 1, n - x + 1e-300, 0.025),
                          scipy.special.betaincinv(x + 1, n - x + 1e-300, 0.025))
    assert found.ndtri(0.975) == scipy.special.ndtri(0.975)
    assert np.array_equal(found.stdtrit(n, 0.975), scipy.special.stdtrit(n, 0.975))
