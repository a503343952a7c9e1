"""The loose-mode variants of a response: forgiving markdown emphasis and a framing first/last line.

Loose mode passes an instruction if any non-empty variant passes it. This
module only produces the variants; scoring has one path for both modes.
"""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=1024)
def loose_variants(response: str) -> tuple[str, ...]:
    """The eight official variants, minus duplicates and blank ones, raw response first.

    Order: raw; `*` removed; first line dropped; last line dropped; both dropped;
    and the three drops with `*` removed. Lines are split on "\\n" and the
    dropped variants are stripped. Dropping duplicates changes no verdict
    (a variant passes or not regardless of where it sits).
    """
    lines = response.split("\n")
    without_first = "\n".join(lines[1:]).strip()
    without_last = "\n".join(lines[:-1]).strip()
    without_both = "\n".join(lines[1:-1]).strip()
    candidates = (
        response,
        response.replace("*", ""),
        without_first,
        without_last,
        without_both,
        without_first.replace("*", ""),
        without_last.replace("*", ""),
        without_both.replace("*", ""),
    )
    seen: set[str] = set()
    variants = []
    for candidate in candidates:
        if candidate in seen or not candidate.strip():
            continue
        seen.add(candidate)
        variants.append(candidate)
    return tuple(variants)
