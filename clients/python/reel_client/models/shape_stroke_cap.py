from enum import StrEnum


class ShapeStrokeCap(StrEnum):
    BUTT = "butt"
    ROUND = "round"
    SQUARE = "square"

    def __str__(self) -> str:
        return str(self.value)
