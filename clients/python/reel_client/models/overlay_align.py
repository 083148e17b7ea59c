from enum import StrEnum


class OverlayAlign(StrEnum):
    CENTER = "center"
    LEFT = "left"
    RIGHT = "right"

    def __str__(self) -> str:
        return str(self.value)
