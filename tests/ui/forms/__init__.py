"""Tests of game.ui.forms."""
