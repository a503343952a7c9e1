"""Formatting only: turn report models into text, tables and pages; never compute metrics here."""
