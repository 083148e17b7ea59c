from enum import StrEnum


class Direction(StrEnum):
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"

    def __str__(self) -> str:
        return str(self.value)
