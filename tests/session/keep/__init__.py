"""Tests of game.session.keep."""
