"""The package's import graph, read the way import-linter reads it (grimp), imports inside
functions included: no module of ifevalpp imports itself back through others."""

from __future__ import annotations

import pytest

grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (the test extra)")


def _circles(graph) -> list[list[str]]:
    """Groups of modules that import one another (strongly connected, more than one)."""
    order, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(module: str) -> None:
        order[module] = low[module] = counter[0]
        counter[0] += 1
        stack.append(module)
        on.add(module)
        for target in graph.find_modules_directly_imported_by(module):
            if target not in order:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on:
                low[module] = min(low[module], order[target])
        if low[module] == order[module]:
            group = []
            while True:
                member = stack.pop()
                on.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in order:
            visit(module)
    return found


def test_no_module_imports_itself_back_through_others():
    import sys
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    graph = grimp.build_graph("ifevalpp", include_external_packages=False,
                              exclude_type_checking_imports=True)
    assert len(graph.modules) > 300
    assert _circles(graph) == []


def test_a_circle_is_found_when_there_is_one():
    class Two:
        modules = {"a", "b"}

        @staticmethod
        def find_modules_directly_imported_by(module):
            return {"a": {"b"}, "b": {"a"}}[module]

    assert _circles(Two()) == [["a", "b"]]
