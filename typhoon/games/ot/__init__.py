"""Operation Typhoon (SPI 1978): data kit, reconstruction and validator (rules modules: not yet, docs/games/ot/rule_coverage.md)."""
