from enum import StrEnum


class FontWeightType0(StrEnum):
    BOLD = "bold"
    NORMAL = "normal"

    def __str__(self) -> str:
        return str(self.value)
