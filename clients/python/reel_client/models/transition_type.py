from enum import StrEnum


class TransitionType(StrEnum):
    DISSOLVE = "dissolve"
    FADE = "fade"
    PUSH = "push"
    SLIDE = "slide"
    WIPE = "wipe"

    def __str__(self) -> str:
        return str(self.value)
