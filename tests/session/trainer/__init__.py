"""Tests of game.session.trainer."""
