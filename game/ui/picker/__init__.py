"""The puzzle picker's parts: the model with its background jobs, and its drawing.

- :mod:`.browser`: the folder or collection on show, rows as values, navigation,
  filtering, and what to read next (pure Python);
- :mod:`.jobs`: worker lanes whose jobs follow the player's scrolling;
- :mod:`.listing`: selection and scrolling over long filtered lists;
- :mod:`.lru`: bounded caches;
- :mod:`.layout`, :mod:`.view`, :mod:`.thumbs`: geometry, drawing, thumbnails.

The scene that ties them to input is :mod:`game.ui.scenes.picker`; reading
folders and files is :mod:`game.session.library`.
"""
