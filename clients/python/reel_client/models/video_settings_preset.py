from enum import StrEnum


class VideoSettingsPreset(StrEnum):
    FAST = "fast"
    FASTER = "faster"
    MEDIUM = "medium"
    SLOW = "slow"
    SLOWER = "slower"
    SUPERFAST = "superfast"
    ULTRAFAST = "ultrafast"
    VERYFAST = "veryfast"
    VERYSLOW = "veryslow"

    def __str__(self) -> str:
        return str(self.value)
