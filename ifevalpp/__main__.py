"""`python -m ifevalpp` runs the CLI."""

from .cli import main

main()
