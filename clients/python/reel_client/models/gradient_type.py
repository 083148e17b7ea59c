from enum import StrEnum


class GradientType(StrEnum):
    LINEAR = "linear"
    RADIAL = "radial"

    def __str__(self) -> str:
        return str(self.value)
