"""Tests of game.ui.board."""
