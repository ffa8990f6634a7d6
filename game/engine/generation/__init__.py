"""The parts of the puzzle generator; :mod:`game.engine.generator` puts them together."""
