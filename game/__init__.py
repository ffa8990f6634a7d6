"""Sudoku for the desktop: engine (pure Python), session (game state) and ui (pygame).

Dependencies point one way: ``ui`` -> ``session`` -> ``engine``.  Only ``game.ui``
imports pygame.
"""
