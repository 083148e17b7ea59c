from enum import StrEnum


class Fit(StrEnum):
    BLUR = "blur"
    FILL = "fill"
    FIT = "fit"
    STRETCH = "stretch"

    def __str__(self) -> str:
        return str(self.value)
