"""The layouts of a count, counted and dealt by index, compiled (``_layouts.c``;
see :mod:`.counting`)."""

def total(cards: list[int], masks: list[int], need: list[int]) -> int: ...
def deal(
    cards: list[int], masks: list[int], need: list[int], base: list[int], indices: list[int]
) -> list[tuple[int, int, int, int]]: ...
