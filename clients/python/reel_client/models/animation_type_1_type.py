from enum import StrEnum


class AnimationType1Type(StrEnum):
    FADE = "fade"
    POP = "pop"
    SLIDEIN = "slideIn"
    SPIN = "spin"
    TYPEWRITER = "typewriter"

    def __str__(self) -> str:
        return str(self.value)
