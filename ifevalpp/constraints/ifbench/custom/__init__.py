"""IFBench's `custom:*` types: one fixed task each (a list, a CSV table, a reversed sentence, …),
its prompt fixed too, so they take no parameter (any kwargs are ignored, as IFBench's
`build_description(**kwargs)` ignores them)."""
