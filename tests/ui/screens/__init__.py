"""Tests of game.ui.screens."""
