"""The library versions every output names are those the installed packages declare."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from ifevalpp import schema


def test_dependency_versions_are_the_versions_the_package_metadata_declares():
    expected = {}
    for name in schema._VERDICT_LIBRARIES:
        try:
            expected[name] = version(name)
        except PackageNotFoundError:
            continue
    assert schema._dependency_versions() == expected


def test_a_version_outside_the_header_lines_is_left_to_the_full_parser():
    assert schema._header_version("Metadata-Version: 2.1\nName: x\n\nVersion: 1.0\n") is None
    assert schema._header_version("Metadata-Version: 2.1\nversion:  1.0 \n\nbody") == "1.0"
