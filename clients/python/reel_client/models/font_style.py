from enum import StrEnum


class FontStyle(StrEnum):
    ITALIC = "italic"
    NORMAL = "normal"

    def __str__(self) -> str:
        return str(self.value)
