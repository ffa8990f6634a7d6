"""The puzzle picker's parts: the model with its background jobs, and its drawing.

- :mod:`.browser`: navigation, filtering, and what to read next (pure Python);
- :mod:`.pages`: what a folder or collection page holds, and the memory kept
  between visits; :mod:`.words`: rows, details and the status line as values;
- :mod:`.jobs`: worker lanes whose jobs follow the player's scrolling;
- :mod:`.listing`: selection and scrolling over long filtered lists;
- :mod:`.lru`: bounded caches;
- :mod:`.path_line`: the typed path (Ctrl+L), its completion and look-up;
  :mod:`.places`: the shortcuts beside the list; :mod:`.recent`: the recent
  folders kept between runs;
- :mod:`.layout`, :mod:`.view`, :mod:`.thumbs`, :mod:`.icons`: geometry,
  drawing, grid thumbnails and line icons; :mod:`.places_view` and
  :mod:`.line_view`: the shortcuts' column and the path line with its card.

The scene that ties them to input is :mod:`game.ui.scenes.picker`; reading
folders and files is :mod:`game.session.puzzles.library`.
"""
