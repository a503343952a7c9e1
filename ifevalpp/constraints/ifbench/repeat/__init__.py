"""IFBench's `repeat:*` types: say a given text back, whole, changed or in part."""
