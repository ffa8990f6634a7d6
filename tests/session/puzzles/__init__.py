"""Tests of game.session.puzzles."""
