from enum import StrEnum


class FilterType0(StrEnum):
    GRAYSCALE = "grayscale"

    def __str__(self) -> str:
        return str(self.value)
