from enum import StrEnum


class PlaceholderDeclarationType(StrEnum):
    BOOLEAN = "boolean"
    COLOR = "color"
    MEDIA = "media"
    NUMBER = "number"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
