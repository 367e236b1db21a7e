"""``python -m cavendish.cli``."""

from .main import main

main()
