"""Tests of game.session.play."""
