"""IFBench's `format:*` types: layout, bullets, quotes, brackets, emoji, case, templates."""
