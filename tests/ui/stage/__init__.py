"""Tests of game.ui.stage."""
