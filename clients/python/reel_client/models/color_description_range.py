from enum import StrEnum


class ColorDescriptionRange(StrEnum):
    FULL = "full"
    LIMITED = "limited"

    def __str__(self) -> str:
        return str(self.value)
