"""Operation Typhoon (SPI 1978): data kit and reconstruction (kit/, validate.py), rules modules
(rules.py, movement.py, combat.py, strength.py, supply.py, victory.py) and the game package
(package.py: PACKAGE). Coverage: docs/games/ot/rule_coverage.md."""
