"""The JSON Schemas (draft 2020-12) of the Typhoon data-kit format, one per file kind."""
