"""The package's public surface is deliberate: __all__ lists exactly what it exposes."""

import ifevalpp


def test_package_all_is_pinned():
    assert sorted(ifevalpp.__all__) == sorted([
        "PROFILES", "Case", "IfevalppError", "InputError", "MissingResponse", "Profile",
        "ResponseRecord", "ScoredResponse", "Variant", "__version__", "check", "check_loose"])


def test_every_name_in_all_exists():
    for name in ifevalpp.__all__:
        assert hasattr(ifevalpp, name), name
