"""punctuation:no_comma — not a single ASCII comma."""
