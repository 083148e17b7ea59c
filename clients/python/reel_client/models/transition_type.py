from enum import StrEnum


class TransitionType(StrEnum):
    DISSOLVE = "dissolve"
    FADE = "fade"
    MATTE = "matte"
    PUSH = "push"
    SLIDE = "slide"
    WIPE = "wipe"

    def __str__(self) -> str:
        return str(self.value)
