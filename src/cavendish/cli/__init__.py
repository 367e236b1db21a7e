"""The command line: ``cavendish play``, ``cavendish deal`` and ``cavendish score``."""
