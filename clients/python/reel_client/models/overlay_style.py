from enum import StrEnum


class OverlayStyle(StrEnum):
    BARS = "bars"
    LINE = "line"
    MIRROR = "mirror"

    def __str__(self) -> str:
        return str(self.value)
