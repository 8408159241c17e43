"""kozel-tutor: learn, practise and teach the Russian card game Kozel (Козёл).

The public API lives in small modules: :mod:`.cards`, :mod:`.seats`, :mod:`.rules`,
:mod:`.state`, :mod:`.scoring`, :mod:`.position`, :mod:`.solver`, :mod:`.ai`.
"""

__version__ = "0.1.0"
