from enum import StrEnum


class OverlayMode(StrEnum):
    AMPLITUDE = "amplitude"
    SPECTRUM = "spectrum"

    def __str__(self) -> str:
        return str(self.value)
