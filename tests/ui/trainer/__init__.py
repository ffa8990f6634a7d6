"""Tests of game.ui.trainer."""
