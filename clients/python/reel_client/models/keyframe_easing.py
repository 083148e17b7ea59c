from enum import StrEnum


class KeyframeEasing(StrEnum):
    EASEIN = "easeIn"
    EASEINOUT = "easeInOut"
    EASEOUT = "easeOut"
    LINEAR = "linear"

    def __str__(self) -> str:
        return str(self.value)
