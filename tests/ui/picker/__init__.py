"""Tests of game.ui.picker."""
