from enum import StrEnum


class AnimationType0(StrEnum):
    FADE = "fade"
    POP = "pop"
    SPIN = "spin"
    TYPEWRITER = "typewriter"

    def __str__(self) -> str:
        return str(self.value)
