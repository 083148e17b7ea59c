from enum import StrEnum


class PlaceholderType(StrEnum):
    ANY = "any"
    BOOLEAN = "boolean"
    COLOR = "color"
    MEDIA = "media"
    NUMBER = "number"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
