"""Specifications of the 25 checkers, one module per instruction group (a package, so module
names such as test_format cannot clash with test modules elsewhere under tests/)."""
