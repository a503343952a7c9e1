"""Words that name highlighting (read by the highlight and the section finders)."""

from __future__ import annotations

import re

HIGHLIGHT = re.compile(r"\bhighlight|\bitalic|\bbold|wrap(?:ping)? (?:it|them|each of them) "
                       r"with (?:asterisk|\*)|\bstarting and ending with", re.IGNORECASE)
