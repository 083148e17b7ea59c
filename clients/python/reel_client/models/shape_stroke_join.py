from enum import StrEnum


class ShapeStrokeJoin(StrEnum):
    BEVEL = "bevel"
    MITER = "miter"
    ROUND = "round"

    def __str__(self) -> str:
        return str(self.value)
