"""Tests of game.ui.kit."""
