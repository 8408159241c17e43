"""The AI ladder on duplicate deals: ``python benchmarks/arena.py [arena options]``.

A thin entry point to :mod:`kozel_tutor.ai.arena` (see ``--help``).  The default measures each
step of the ladder: insane:hard, hard:medium, medium:easy, easy:random.
"""

from kozel_tutor.ai.arena import main

if __name__ == "__main__":
    raise SystemExit(main())
