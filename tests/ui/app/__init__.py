"""Tests of game.ui.app."""
