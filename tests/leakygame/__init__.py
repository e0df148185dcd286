"""Secret Numbers: a sixth game built from games/README.md whose view leaks a secret (issue 28).

Not installed (no GAME_APPS entry): ``tests/games/test_contract.py`` runs the contract over it and
asserts that the contract fails.
"""
